import type { ClientFacts } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

/** Client IP (behind TRUST_PROXY, from X-Forwarded-For) and user agent, passed to services. */
export function clientFacts(req: FastifyRequest): ClientFacts {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, ...(ua ? { userAgent: ua.slice(0, 512) } : {}) };
}
