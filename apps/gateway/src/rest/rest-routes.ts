import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError, catalogue, coerceQueryValue, rejectUnknownFields, validateInput, type Access, type Caller,
  type ClientFacts, type ObjectDownload, type Operation,
} from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit';
import type { Authenticator } from '../auth/authenticator.js';
import { renameFields } from '../http/error-reply.js';
import { bindFields, fastifyPath, type BoundField } from './field-bindings.js';
import { requestOrigin } from '../auth/same-origin.js';
import { acceptRawBodies, assertUploadBinding, drainUnread, uploadBodyTypes, type ObjectStreamer } from '../storage/object-streamer.js';

export interface RestDeps {
  bus: BusClient;
  auth: Authenticator;
  /** Moves the bytes of upload and download routes between HTTP and object storage. */
  streamer: ObjectStreamer;
  /** For JSON bodies; an upload's raw body is held to its binding's maxBytes instead. */
  jsonBodyLimit: number;
}

/**
 * Authentication only: a caller is needed and there is none (401 before a bus round trip, and the
 * MCP challenge). Everything else about access is decided by the owning service's guard.
 */
export function requireAccess(access: Access, caller: Caller | null): void {
  if (access === 'public' || access === 'internal') return;
  if (!caller) throw AppError.unauthorized();
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
    if (!op.rest || op.access === 'internal') continue;
    const rest = op.rest;
    const fields = bindFields(op);
    const access = rest.access ?? op.access;
    const url = fastifyPath(rest.path);
    methodsByPath.set(url, (methodsByPath.get(url) ?? new Set()).add(rest.method));
    const { upload, download } = rest;
    if (upload) assertUploadBinding(op.name, upload);
    const wireName = (key: string) => fields.find((f) => f.key === key)?.rest ?? key;
    // The input without the file, to check the other fields before a single byte is stored.
    const othersSchema = upload && z.object(Object.fromEntries(Object.entries(op.input.shape).filter(([key]) => key !== upload.field)));
    const route = {
      method: rest.method,
      url,
      bodyLimit: deps.jsonBodyLimit,
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        let staged: string | undefined;
        try {
          const caller = await deps.auth.requestCaller(req, reply, upload ? uploadBodyTypes(upload) : undefined);
          requireAccess(access, caller);
          if (upload) deps.streamer.precheck(req, upload);
          const raw = rawInput(req, fields);
          if (upload && othersSchema) {
            const { [upload.field]: _sent, ...others } = raw;
            validateInput(othersSchema, others, wireName);
            const object = await deps.streamer.stage(req, upload, req.body, wireName(upload.field));
            staged = object.key;
            raw[upload.field] = object;
          }
          const input = validateInput(op.input, raw, wireName);
          const data = await deps.bus.request(op.subject, op.service, input, {
            requestId: req.id, caller, surface: 'rest', client: clientFacts(req),
          });
          if (download) return await deps.streamer.send(reply.code(rest.status), data as ObjectDownload, download);
          return reply.code(rest.status).send(data);
        } catch (err) {
          if (upload) await drainUnread(req, reply);
          throw err instanceof AppError ? renameFields(err, fields, 'rest') : err;
        } finally {
          if (staged) deps.streamer.discard(staged);
        }
      },
    };
    // Upload routes get their own scope, the only place a body of any type reaches a handler unread.
    if (upload) app.register(async (scope) => { acceptRawBodies(scope); scope.route(route); });
    else app.route(route);
  }
  return methodsByPath;
}

/** Client IP (behind TRUST_PROXY, from X-Forwarded-For) and user agent, passed to services. */
export function clientFacts(req: FastifyRequest): ClientFacts {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, ...(ua ? { userAgent: ua.slice(0, 512) } : {}) };
}

export function restOperations(): Operation[] {
  return catalogue.filter((op) => op.rest && op.access !== 'internal');
}
