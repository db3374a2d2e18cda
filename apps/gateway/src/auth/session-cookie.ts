import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}

/**
 * Behind https: the public URL is https, or this request reached the gateway over https (the
 * X-Forwarded-Proto a trusted proxy set; Fastify ignores it without TRUST_PROXY).
 */
export function behindHttps(publicUrl: string, req?: Pick<FastifyRequest, 'protocol'>): boolean {
  return isHttps(publicUrl) || req?.protocol === 'https';
}

/**
 * `__Host-mk_session` behind https (Secure, Path=/, no Domain: the browser then refuses to let a
 * sibling subdomain set or shadow it); plain `mk_session` on http, where browsers would refuse
 * the prefix for want of Secure.
 */
export function sessionCookieName(publicUrl: string, req?: Pick<FastifyRequest, 'protocol'>): string {
  return behindHttps(publicUrl, req) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** HttpOnly, SameSite=Lax, Path=/, no Domain, and Secure whenever behind https. */
export function sessionCookieOptions(publicUrl: string, expires?: Date, req?: Pick<FastifyRequest, 'protocol'>) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: behindHttps(publicUrl, req),
    path: '/',
    ...(expires ? { expires, maxAge: Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)) } : {}),
  };
}

/**
 * The session token. Behind https only `__Host-mk_session` counts: a sibling subdomain can plant
 * an unprefixed cookie (it may set Domain= on the parent), so honouring `mk_session` there would
 * let it sign a browser into the planter's account. On plain http both names are read.
 */
export function sessionToken(req: FastifyRequest, publicUrl: string): string | undefined {
  const names = behindHttps(publicUrl, req) ? [SECURE_SESSION_COOKIE] : [SECURE_SESSION_COOKIE, SESSION_COOKIE];
  for (const name of names) {
    const value = req.cookies?.[name];
    if (value && value.length >= 16 && value.length <= 200) return value;
  }
  return undefined;
}

/** Fake replies in unit tests carry no request; a real one always does. */
const requestOf = (reply: FastifyReply): FastifyRequest | undefined => (reply as { request?: FastifyRequest }).request;

export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string, expires: Date): void {
  const req = requestOf(reply);
  reply.setCookie(sessionCookieName(publicUrl, req), token, sessionCookieOptions(publicUrl, expires, req));
}

/** Clears the cookie under both names (behind https an older or planted unprefixed one may still be around). */
export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  const req = requestOf(reply);
  reply.clearCookie(sessionCookieName(publicUrl, req), sessionCookieOptions(publicUrl, undefined, req));
  if (behindHttps(publicUrl, req)) reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl, undefined, req));
}
