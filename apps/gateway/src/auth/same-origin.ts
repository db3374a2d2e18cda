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
  return isSameOriginWrite(req, publicOrigin, JSON_BODY);
}

export const JSON_BODY: readonly string[] = ['application/json'];

/**
 * The same proof for a route that takes other bodies (an upload's image types). None of `types`
 * may be one a cross-site form can send without a CORS preflight; the upload binding checks that.
 */
export function isSameOriginWrite(req: FastifyRequest, publicOrigin: string, types: readonly string[]): boolean {
  const contentType = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return requestOrigin(req) === publicOrigin && types.includes(contentType);
}

export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
