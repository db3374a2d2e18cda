import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError, catalogue, coerceQueryValue, rejectUnknownFields, validateInput, type Access, type BinaryResponse, type Caller,
  type ClientFacts, type Operation,
} from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit';
import type { Authenticator } from '../auth/authenticator.js';
import { renameFields } from '../http/error-reply.js';
import { bindFields, fastifyPath, type BoundField } from './field-bindings.js';
import { requestOrigin } from '../auth/same-origin.js';

export interface RestDeps {
  bus: BusClient;
  auth: Authenticator;
}

/** Checks sign-in only; ownership and roles are checked by the owning service. */
export function requireAccess(access: Access, caller: Caller | null): void {
  if (access === 'public') return;
  if (!caller) throw AppError.unauthorized();
  if (access === 'staff' && !caller.staff) throw AppError.forbidden('Staff only.');
}

function rawInput(req: FastifyRequest, fields: readonly BoundField[]): Record<string, unknown> {
  const params = req.params as Record<string, string>;
  const query = req.query as Record<string, string | string[] | undefined>;
  const body = req.body;
  const bodyFields = fields.filter((f) => f.in === 'body');
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw AppError.badRequest('The request body must be a JSON object.');
  }
  if (body && bodyFields.length) rejectUnknownFields(body as Record<string, unknown>, new Set(bodyFields.map((f) => f.rest)));
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    // Path segments are text too: a numeric path parameter converts like a query value.
    const value = f.in === 'path' ? coerceQueryValue(f.schema, params[f.rest])
      : f.in === 'query' ? coerceQueryValue(f.schema, query[f.rest])
      : f.in === 'request' ? requestFact(req, f.rest)
      : (body as Record<string, unknown> | undefined)?.[f.rest];
    if (value !== undefined) input[f.key] = value;
  }
  return input;
}

/** What a `request` field reads: facts about the HTTP request that the caller cannot put in the body. */
function requestFact(req: FastifyRequest, name: string): string | undefined {
  if (name === 'ip') return req.ip;
  if (name === 'origin') return requestOrigin(req);
  throw new Error(`Unknown request field ${name}`);
}

/** One route per catalogue entry: parse, authenticate, validate, forward, answer. Nothing else. */
export function registerRestRoutes(app: FastifyInstance, deps: RestDeps): Map<string, Set<string>> {
  const methodsByPath = new Map<string, Set<string>>();
  for (const op of catalogue) {
    if (!op.rest || op.internal) continue;
    const rest = op.rest;
    const fields = bindFields(op);
    const access = rest.access ?? op.access;
    const url = fastifyPath(rest.path);
    methodsByPath.set(url, (methodsByPath.get(url) ?? new Set()).add(rest.method));
    app.route({
      method: rest.method,
      url,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        try {
          const caller = await deps.auth.requestCaller(req, reply);
          requireAccess(access, caller);
          const input = validateInput(op.input, rawInput(req, fields), (key) => fields.find((f) => f.key === key)?.rest ?? key);
          const data = await deps.bus.request(op.subject, op.service, input, {
            requestId: req.id, caller, surface: 'rest', client: clientFacts(req),
          });
          if (rest.binary) return sendBinary(reply.code(rest.status), data as BinaryResponse);
          return reply.code(rest.status).send(data);
        } catch (err) {
          throw err instanceof AppError ? renameFields(err, fields, 'rest') : err;
        }
      },
    });
  }
  return methodsByPath;
}

/** A binary operation's bytes, sent as they are with the service's content type and cache policy. */
function sendBinary(reply: FastifyReply, data: BinaryResponse): FastifyReply {
  const bytes = Buffer.from(data.data, 'base64');
  reply.header('content-type', data.contentType).header('content-length', String(bytes.length));
  reply.header('x-content-type-options', 'nosniff');
  if (data.cacheControl) reply.header('cache-control', data.cacheControl);
  return reply.send(bytes);
}

/** Client IP (behind TRUST_PROXY, from X-Forwarded-For) and user agent, passed to services. */
export function clientFacts(req: FastifyRequest): ClientFacts {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, ...(ua ? { userAgent: ua.slice(0, 512) } : {}) };
}

export function restOperations(): Operation[] {
  return catalogue.filter((op) => op.rest && !op.internal);
}
