import { AppError } from '@marketplace/contracts';
import type { Logger } from '@marketplace/service-kit/edge';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { drainUnread } from '../storage/object-streamer.js';
import { sendError } from './error-reply.js';
import { strictTransport } from './strict-transport.js';

/** The contract fixes the 405 of these paths as an empty body with `Allow`; every other 405 also says why. */
const EMPTY_405_PATHS = new Set(['/api/health']);

/**
 * What a log line may say about the request's URL: the route pattern (`/join/:token`) when one
 * matched, else the path. Never the query string (OIDC `code` and `state`, invitation and sign-in
 * tokens travel there) nor path parameters.
 */
export function loggedPath(req: FastifyRequest): string {
  return req.routeOptions?.url ?? req.url.split('?')[0]!;
}

/** What every answer carries, HSTS included behind https. */
function everyResponseHeaders(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', req.id);
  reply.header('cache-control', 'no-store');
  const hsts = strictTransport(req);
  if (hsts) reply.header('strict-transport-security', hsts);
}

/** The site's own 404 page, for a browser that opens an unknown address outside the API. */
export type NotFoundPage = (reply: FastifyReply) => FastifyReply;

/** A browser opening a page (GET or HEAD asking for HTML), not a client of the API. */
function wantsPage(req: FastifyRequest, path: string): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && path !== '/api' && !path.startsWith('/api/') && /\btext\/html\b/.test(req.headers.accept ?? '');
}

/**
 * The spec's rules that hold on every route: headers, error bodies, 404, 405, 413, 500. An unknown
 * address a browser opens outside /api gets `notFoundPage` (the web kit's), the API the error body.
 */
export function registerCrossCutting(app: FastifyInstance, logger: Logger, notFoundPage?: NotFoundPage): void {
  app.addHook('onRequest', async (req, reply) => everyResponseHeaders(req, reply));

  app.setErrorHandler(async (err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) logger.warn({ requestId: req.id, status: err.status, method: req.method, route: loggedPath(req) }, err.message);
      return sendError(reply, err, req.id);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused from its Content-Length, unread: read it to the end so the client sees the 413, not a broken pipe.
      await drainUnread(req, reply);
      return sendError(reply, new AppError(413, 'The request body is over 2,097,152 bytes.'), req.id);
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, AppError.badRequest('Send the body as JSON with Content-Type: application/json.'), req.id);
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return sendError(reply, AppError.badRequest('The request body is empty or incomplete.'), req.id);
    }
    if (err.statusCode === 400 || err instanceof SyntaxError) {
      return sendError(reply, AppError.badRequest('The request body is not valid JSON.'), req.id);
    }
    // Any other refusal by the framework (415 for an encoding it cannot read, say) is the
    // client's to fix: its own status and message, in the contract's error body.
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, new AppError(err.statusCode, err.message), req.id);
    }
    logger.error({ requestId: req.id, err, method: req.method, route: loggedPath(req) }, 'unexpected failure');
    return sendError(reply, new AppError(500, 'Something went wrong on our side.'), req.id);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    if (notFoundPage && wantsPage(req, path)) return notFoundPage(reply);
    return sendError(reply, AppError.notFound(`No API path ${path}.`), req.id);
  });
}

/**
 * Every path the app serves and its methods, as the routes are registered (HEAD comes with GET):
 * the 405 answers are derived from the routes themselves, never from a list kept beside them.
 * Call before any route is added; read once every route is in.
 */
export function recordRoutes(app: FastifyInstance): ReadonlyMap<string, ReadonlySet<string>> {
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (!methods.length) return;
    const known = methodsByPath.get(route.url) ?? new Set<string>();
    for (const m of methods) known.add(m);
    methodsByPath.set(route.url, known);
  });
  return methodsByPath;
}

/**
 * A known path with a method it does not serve answers 405 with `Allow`, never 404 or 400: every
 * method the server parses (TRACE and QUERY included, as a client reading the document may try
 * any), answered in `onRequest`, before a body is parsed, so a body the path would never read (a
 * POST's JSON on a PUT-only path, a QUERY without Content-Type) cannot turn the 405 into a 400.
 */
export function registerMethodNotAllowed(app: FastifyInstance, methodsByPath: ReadonlyMap<string, ReadonlySet<string>>): void {
  // A copy: the 405 routes added here are routes too, and must not be read as the paths' own methods.
  for (const [url, methods] of [...methodsByPath].map(([u, m]) => [u, new Set(m)] as const)) {
    const allowed = new Set(methods);
    if (allowed.has('GET')) allowed.add('HEAD');
    const others = app.supportedMethods.filter((m) => !allowed.has(m));
    if (!others.length) continue;
    const allow = [...allowed].join(', ');
    const refuse = async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('allow', allow);
      // The body is never read: drain it, so the client sees the 405 rather than a broken pipe.
      await drainUnread(req, reply);
      if (EMPTY_405_PATHS.has(url)) return reply.code(405).send();
      return sendError(reply, new AppError(405, `${req.method} is not allowed here; this path answers ${allow}.`), req.id);
    };
    app.route({ method: others, url, onRequest: refuse, handler: refuse });
  }
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (invalid percent-encoding, bytes that are not
 * UTF-8) or a path segment over the router's limit, refused before any route or hook runs. Answered
 * with the contract's error body and the headers every response carries.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  everyResponseHeaders(req, reply);
  const refusal =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError(414, 'A path segment of this URL is too long.')
      : AppError.badRequest('The URL is not valid: percent-encode it as UTF-8 (%XX for each byte).');
  return sendError(reply, refusal, req.id);
}
