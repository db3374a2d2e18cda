import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '@marketplace/contracts';
import type { Logger } from '@marketplace/service-kit';
import { sendError } from './error-reply.js';

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The spec's rules that hold on every route: headers, error bodies, 404, 405, 413, 500. */
export function registerCrossCutting(app: FastifyInstance, logger: Logger): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) logger.warn({ requestId: req.id, status: err.status, url: req.url }, err.message);
      return sendError(reply, err, req.id);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
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
    logger.error({ requestId: req.id, err, url: req.url }, 'unexpected failure');
    return sendError(reply, new AppError(500, 'Something went wrong on our side.'), req.id);
  });

  app.setNotFoundHandler((req, reply) =>
    sendError(reply, AppError.notFound(`No API path ${req.url.split('?')[0]}.`), req.id));
}

/** A known path with a method it does not serve answers 405 with `Allow`, never 404. */
export function registerMethodNotAllowed(app: FastifyInstance, methodsByPath: Map<string, Set<string>>): void {
  for (const [url, methods] of methodsByPath) {
    const allowed = new Set(methods);
    if (allowed.has('GET')) allowed.add('HEAD');
    const others = ALL_METHODS.filter((m) => !allowed.has(m));
    if (!others.length) continue;
    const allow = [...allowed].join(', ');
    app.route({
      method: others,
      url,
      handler: async (_req, reply) => reply.code(405).header('allow', allow).send(),
    });
  }
}
