import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@marketplace/contracts';

function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

/**
 * `__Host-mk_session` behind an https public URL (Secure, Path=/, no Domain: the browser then
 * refuses to let a sibling subdomain set or shadow it); plain `mk_session` on http, where
 * browsers would refuse the prefix for want of Secure.
 */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** HttpOnly, SameSite=Lax, Path=/, no Domain, and Secure whenever the public URL is https. */
export function sessionCookieOptions(publicUrl: string, expires?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(publicUrl),
    path: '/',
    ...(expires ? { expires, maxAge: Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)) } : {}),
  };
}

/**
 * The session token from either name: `__Host-mk_session` first, else `mk_session`, so browsers
 * signed in before the prefix (or a deployment moving to https) keep their sessions.
 */
export function sessionToken(req: FastifyRequest): string | undefined {
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const value = req.cookies?.[name];
    if (value && value.length >= 16 && value.length <= 200) return value;
  }
  return undefined;
}

export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string, expires: Date): void {
  reply.setCookie(sessionCookieName(publicUrl), token, sessionCookieOptions(publicUrl, expires));
}

/** Clears the cookie under both names (behind https an older unprefixed one may still be around). */
export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(sessionCookieName(publicUrl), sessionCookieOptions(publicUrl));
  if (isHttps(publicUrl)) reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl));
}
