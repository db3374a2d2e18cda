import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@marketplace/contracts';

/** HttpOnly, SameSite=Lax, Path=/, and Secure whenever the public URL is https. */
export function sessionCookieOptions(publicUrl: string, expires?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicUrl.startsWith('https:'),
    path: '/',
    ...(expires ? { expires, maxAge: Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000)) } : {}),
  };
}

export function sessionToken(req: FastifyRequest): string | undefined {
  const value = req.cookies?.[SESSION_COOKIE];
  return value && value.length >= 16 && value.length <= 200 ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, publicUrl: string, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(publicUrl, expires));
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(publicUrl));
}
