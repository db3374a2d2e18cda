import type { FastifyReply } from 'fastify';
import { AppError, snakeCase, type ErrorBody } from '@marketplace/contracts';
import type { BoundField } from '../rest/field-bindings.js';

export function renameFields(err: AppError, fields: readonly BoundField[], surface: 'rest' | 'mcp'): AppError {
  const given = err.extra.fields;
  if (!given) return err;
  const names = new Map(fields.filter((f) => f.in !== 'request').map((f) => [f.key, surface === 'rest' ? f.rest : f.mcp]));
  const renamed: Record<string, string> = {};
  for (const [name, message] of Object.entries(given)) {
    const [head, ...rest] = name.split('.');
    // Fields that are not arguments (jobVersion on a 409, say) still follow the surface's naming.
    const fallback = surface === 'mcp' ? snakeCase(head!) : head;
    renamed[[names.get(head!) ?? fallback, ...rest].join('.')] = message;
  }
  return new AppError(err.status, err.message, { ...err.extra, fields: renamed });
}

export function sendError(reply: FastifyReply, err: AppError, requestId: string): FastifyReply {
  const body: ErrorBody = { error: err.message, ...err.extra };
  if (err.status >= 500 && err.status !== 503) body.requestId = requestId;
  if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
  if (err.status === 503) reply.header('retry-after', reply.getHeader('retry-after') ?? '5');
  return reply.code(err.status).send(body);
}
