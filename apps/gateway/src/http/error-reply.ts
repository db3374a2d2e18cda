import type { AppError, ErrorBody } from '@marketplace/contracts';
import type { FastifyReply } from 'fastify';

export function sendError(reply: FastifyReply, err: AppError, requestId: string): FastifyReply {
  const body: ErrorBody = err.body();
  if (err.status >= 500 && err.status !== 503) body.requestId = requestId;
  if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
  if (err.status === 503) reply.header('retry-after', reply.getHeader('retry-after') ?? '5');
  return reply.code(err.status).send(body);
}
