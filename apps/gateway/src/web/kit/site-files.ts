import { AppError } from '@marketplace/contracts';

import { assetNamed } from './assets.js';
import { definePage, type PageDefinition } from './page.js';

/**
 * /assets/site.css and /assets/<script>.js: a fixed list, nothing read from disk per request; and
 * /favicon.ico, which browsers ask for on every page.
 */
export function siteFilePages(): PageDefinition[] {
  assetNamed('site.css');
  return [
    definePage({
      method: 'GET',
      path: '/assets/:file',
      guard: 'public',
      handler: async (req, reply) => {
        const { file } = req.params as { file: string };
        const asset = assetNamed(file);
        if (!asset) throw AppError.notFound();
        const etag = `"${asset.version}"`;
        // The hashed URL never changes content; an unhashed one (a module's import) is revalidated.
        const pinned = (req.query as { v?: string }).v === asset.version;
        reply
          .header('cache-control', pinned ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
          .header('etag', etag)
          .header('x-content-type-options', 'nosniff')
          .type(asset.type);
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(asset.body);
      },
    }),
    // No icon, and no 404 in the browsers' consoles.
    definePage({
      method: 'GET',
      path: '/favicon.ico',
      guard: 'public',
      handler: async (_req, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send(),
    }),
  ];
}
