import {
  type Access,
  AppError,
  type Caller,
  catalogue,
  coerceQueryValue,
  type ObjectDownload,
  type Operation,
  rejectUnknownFields,
  validateInput,
} from '@marketplace/contracts';
import { type BusClient, inSpan } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { Authenticator } from '../auth/authenticator.js';
import { requestOrigin } from '../auth/same-origin.js';
import { bindFields, type BoundField, fastifyPath, RAW_BODY } from '../call/field-bindings.js';
import { renameFields } from '../call/field-errors.js';
import { HEADER_CREDENTIALS } from '../call/header-credentials.js';
import { callContext, callOperation, callOperationJson, withIdempotencyKey } from '../call/operation-call.js';
import { asksForFresh, PUBLIC_PAGE_VARY, type PublicPageCache, sendPublicPage } from '../call/public-page-cache.js';
import { requireAccess } from '../call/require-access.js';
import { acceptRawBodies, assertUploadBinding, drainUnread, type ObjectStreamer, uploadBodyTypes } from '../storage/object-streamer.js';
import { acceptJsonText } from './json-text-body.js';

export interface RestDeps {
  bus: BusClient;
  auth: Authenticator;
  /** Moves the bytes of upload and download routes between HTTP and object storage. */
  streamer: ObjectStreamer;
  /** For JSON bodies; an upload's raw body is held to its binding's maxBytes instead. */
  jsonBodyLimit: number;
  /** Anonymous answers of cacheable public reads, shared by every reader. */
  pages: PublicPageCache;
}

function rawInput(req: FastifyRequest, fields: readonly BoundField[]): Record<string, unknown> {
  const params = req.params as Record<string, string>;
  const query = req.query as Record<string, string | string[] | undefined>;
  // A raw body is text for a signature check, not fields: it reaches the input only as its `request` field.
  const body = fields.some((f) => f.rest === RAW_BODY) ? undefined : req.body;
  const bodyFields = fields.filter((f) => f.in === 'body');
  // JSON `null` is a body too, and not an object: refused like any other, as the document's schemas say.
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw AppError.badRequest('The request body must be a JSON object.');
  }
  if (body && bodyFields.length) rejectUnknownFields(body as Record<string, unknown>, new Set(bodyFields.map((f) => f.rest)));
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    // Path segments are text too: a numeric path parameter converts like a query value.
    const value =
      f.in === 'path'
        ? coerceQueryValue(f.schema, params[f.rest])
        : f.in === 'query'
          ? coerceQueryValue(f.schema, query[f.rest])
          : f.in === 'request'
            ? requestFact(req, f.rest)
            : (body as Record<string, unknown> | undefined)?.[f.rest];
    if (value !== undefined) input[f.key] = value;
  }
  return input;
}

/** What a `request` field reads: facts about the HTTP request that the caller cannot put in the body. */
function requestFact(req: FastifyRequest, name: string): string | undefined {
  if (name === 'ip') return req.ip;
  if (name === 'origin') return requestOrigin(req);
  if (name === RAW_BODY) return typeof req.body === 'string' ? req.body : undefined;
  const credential = HEADER_CREDENTIALS[name];
  if (credential) return headerValue(req.headers[credential.header]);
  throw new Error(`Unknown request field ${name}`);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** What a route needs of one operation, worked out once at start-up. */
interface BoundOperation {
  op: Operation;
  fields: readonly BoundField[];
  access: Access;
  wireName: (key: string) => string;
  /** The input without the file, to check the other fields before a single byte is stored. */
  othersSchema: z.ZodObject | undefined;
}

function bindOperation(op: Operation): BoundOperation {
  const fields = bindFields(op);
  const upload = op.rest!.upload;
  if (upload) assertUploadBinding(op.name, upload);
  if (op.rest!.rawBody && (upload || op.rest!.download)) throw new Error(`${op.name}: a raw body is JSON text, not an upload or download`);
  return {
    op,
    fields,
    access: op.rest!.access ?? op.access,
    wireName: (key: string) => fields.find((f) => f.key === key)?.rest ?? key,
    othersSchema: upload && z.object(Object.fromEntries(Object.entries(op.input.shape).filter(([key]) => key !== upload.field))),
  };
}

/**
 * The operation that answers a caller on a shared method and path: a credential variant for a
 * key of its kind, else the one operation without `credential`.
 */
export function pickOperation<T extends { op: Operation }>(bound: readonly T[], caller: Caller | null): T {
  const kind = caller?.credential;
  const variant = kind && bound.find((b) => b.op.rest!.credential?.includes(kind));
  const chosen = variant || bound.find((b) => !b.op.rest!.credential);
  if (!chosen) throw AppError.notFound('This path answers only API keys of another kind.');
  return chosen;
}

/**
 * One route per method and path of the catalogue (credential variants share their path's route):
 * parse, authenticate, pick the operation, validate, forward, answer. Nothing else.
 */
export function registerRestRoutes(app: FastifyInstance, deps: RestDeps): void {
  const routes = new Map<string, BoundOperation[]>();
  for (const op of catalogue) {
    if (!op.rest || op.access === 'internal') continue;
    const key = `${op.rest.method} ${op.rest.path}`;
    routes.set(key, [...(routes.get(key) ?? []), bindOperation(op)]);
  }
  for (const bound of routes.values()) {
    const { method, path } = bound[0]!.op.rest!;
    if (bound.length > 1 && bound.some((b) => b.op.rest!.upload || b.op.rest!.download)) {
      throw new Error(`${method} ${path}: credential variants of upload or download routes are not supported`);
    }
    const url = fastifyPath(path);
    const { upload } = bound[0]!.op.rest!;
    const serve = async (req: FastifyRequest, reply: FastifyReply) => {
      let staged: string | undefined;
      let fields = bound[0]!.fields;
      try {
        const caller = await deps.auth.requestCaller(req, reply, upload ? uploadBodyTypes(upload) : undefined);
        const chosen = pickOperation(bound, caller);
        const { op, access, wireName, othersSchema } = chosen;
        fields = chosen.fields;
        const rest = op.rest!;
        requireAccess(access, caller);
        const cache = rest.publicCache;
        if (cache) {
          reply.header('vary', PUBLIC_PAGE_VARY);
          // Signed-in answers differ per caller (credential variants, the caller's own jobs): never in a shared cache.
          if (caller) reply.header('cache-control', 'private, no-store');
          else if (!asksForFresh(req.headers)) {
            const hit = deps.pages.get(req.url);
            if (hit) {
              deps.pages.served(hit, req.ip, req.headers['user-agent']);
              return sendPublicPage(req, reply, hit);
            }
          }
        }
        const version = deps.pages.version;
        if (upload) deps.streamer.precheck(req, upload);
        const raw = rawInput(req, fields);
        const ctx = withIdempotencyKey(op, callContext(req, caller, 'rest'), req.headers['idempotency-key'], 'Idempotency-Key');
        if (upload && othersSchema) {
          const { [upload.field]: _sent, ...others } = raw;
          const checked = validateInput(othersSchema, others, wireName) as Record<string, unknown>;
          // Asked before the body is read: a refused request (a bad token, a full quota) stores nothing.
          if (upload.precheck) {
            const bytes = Number(req.headers['content-length']);
            await callOperation(deps.bus, upload.precheck, { ...checked, ...(Number.isSafeInteger(bytes) ? { bytes } : {}) }, ctx, wireName);
          }
          const object = await deps.streamer.stage(req, upload, req.body, wireName(upload.field));
          staged = object.key;
          raw[upload.field] = object;
        }
        if (rest.download) {
          const object = await callOperation(deps.bus, op, raw, ctx, wireName);
          return await deps.streamer.send(reply.code(rest.status), object as ObjectDownload, rest.download);
        }
        // The service's JSON goes out as it came: a page is not parsed and serialised again here.
        const { json, replayed } = await callOperationJson(deps.bus, op, raw, ctx, wireName);
        if (upload?.adopt) staged = undefined;
        deps.pages.afterCall(op);
        if (replayed) reply.header('idempotent-replayed', 'true');
        if (json === undefined) return reply.code(rest.status).send();
        const body = Buffer.from(json.buffer, json.byteOffset, json.byteLength);
        if (cache && !caller) return sendPublicPage(req, reply, deps.pages.store(req.url, version, body, cache, rest.status));
        return reply.code(rest.status).type('application/json; charset=utf-8').send(body);
      } catch (err) {
        if (upload) await drainUnread(req, reply);
        throw err instanceof AppError ? renameFields(err, fields, 'rest') : err;
      } finally {
        if (staged) deps.streamer.discard(staged);
      }
    };
    const route = {
      method,
      url,
      bodyLimit: deps.jsonBodyLimit,
      // The root of the request's trace (or a child of the client's traceparent), through every bus hop.
      handler: (req: FastifyRequest, reply: FastifyReply) =>
        inSpan(
          `${method} ${path}`,
          {
            kind: 'server',
            parent: typeof req.headers.traceparent === 'string' ? req.headers.traceparent : undefined,
            attributes: { 'http.request.method': method, 'http.route': path, 'marketplace.operation': bound[0]!.op.name, 'marketplace.request_id': req.id },
          },
          () => serve(req, reply),
        ),
    };
    // Upload routes get their own scope, the only place a body of any type reaches a handler unread.
    if (upload)
      app.register(async (scope) => {
        acceptRawBodies(scope);
        scope.route(route);
      });
    else if (bound[0]!.op.rest!.rawBody)
      app.register(async (scope) => {
        acceptJsonText(scope);
        scope.route(route);
      });
    else app.route(route);
  }
}
