import { AppError } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * For raw-body routes (RestBinding.rawBody): `application/json` reaches the handler as its exact
 * text, unparsed, so a signature over the bytes can be checked; another type is refused as on any
 * JSON route. Text
 * that is not UTF-8 is refused here, because decoding it would change the bytes that were signed.
 * Register only inside the route's own plugin scope; the route's bodyLimit still applies (413).
 */
export function acceptJsonText(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, utf8.decode(body as Buffer));
    } catch {
      done(AppError.badRequest('The request body must be UTF-8 JSON.'), undefined);
    }
  });
}
