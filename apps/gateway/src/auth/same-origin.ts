import type { FastifyRequest } from 'fastify';

/** The Origin header, else the Referer's origin; undefined when the browser sent neither. */
export function requestOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin) return origin;
  const referer = req.headers.referer;
  if (typeof referer === 'string' && referer) {
    try {
      return new URL(referer).origin;
    } catch {
      return 'null';
    }
  }
  return undefined;
}

/** A write that carries a session cookie must prove it came from our own pages. */
export function isSameOriginJson(req: FastifyRequest, publicOrigin: string): boolean {
  const contentType = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return requestOrigin(req) === publicOrigin && contentType === 'application/json';
}

export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
