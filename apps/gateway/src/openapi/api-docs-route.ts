import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { AppError } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';

import { distFile } from '../dist-files.js';
import { sendError } from '../http/error-reply.js';

/** The page's policy: scripts and styles from this origin only; data: images are Swagger UI's CSS icons. */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  body: Buffer;
  gzip: Buffer;
  type: string;
}

/**
 * Swagger UI's files from the swagger-ui-dist package (in node_modules, no CDN) and the page's
 * own script (built from api-docs-browser.ts), each read once, under a URL that names its content
 * hash so it can be cached for a year.
 */
function loadAssets(): Map<string, { name: string; asset: Asset }> {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const files: Array<[string, string, string]> = [
    ['swagger-ui-bundle.js', join(dist, 'swagger-ui-bundle.js'), 'text/javascript; charset=utf-8'],
    ['swagger-ui.css', join(dist, 'swagger-ui.css'), 'text/css; charset=utf-8'],
    ['favicon-32x32.png', join(dist, 'favicon-32x32.png'), 'image/png'],
    ['api-docs-browser.js', fileURLToPath(distFile('openapi/api-docs-browser.js')), 'text/javascript; charset=utf-8'],
  ];
  const assets = new Map<string, { name: string; asset: Asset }>();
  for (const [name, path, type] of files) {
    // The page's script without its source-map comment: the map is not served.
    const raw = readFileSync(path);
    const body = name === 'api-docs-browser.js' ? Buffer.from(raw.toString('utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n')) : raw;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    assets.set(name, { name: `${hash}/${name}`, asset: { body, gzip: gzipSync(body), type } });
  }
  return assets;
}

function page(url: (name: string) => string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Job marketplace</title>
<link rel="icon" type="image/png" href="${url('favicon-32x32.png')}">
<link rel="stylesheet" href="${url('swagger-ui.css')}">
<script defer src="${url('swagger-ui-bundle.js')}"></script>
<script type="module" src="${url('api-docs-browser.js')}"></script>
</head>
<body>
<noscript><p>The API reference needs JavaScript. The raw document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
</body>
</html>
`;
}

/** The docs page and its assets by their content-named paths. */
function buildDocs(): { byPath: Map<string, Asset>; html: string } {
  const assets = loadAssets();
  return {
    byPath: new Map([...assets.values()].map(({ name, asset }) => [name, asset])),
    html: page((name) => `/api/docs/assets/${assets.get(name)!.name}`),
  };
}

/**
 * The API reference: GET /api/docs renders /api/openapi.json with Swagger UI, served from the
 * project's own dependencies under a CSP that allows this origin only. /docs redirects here.
 */
export function registerApiDocs(app: FastifyInstance): void {
  // Swagger UI's files (about 2.4 MiB with their gzip forms) are read by the first docs request,
  // not held by every gateway from its start.
  let loaded: { byPath: Map<string, Asset>; html: string } | undefined;
  const docs = () => (loaded ??= buildDocs());

  app.get('/api/docs', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', API_DOCS_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .send(docs().html),
  );

  app.get('/docs', async (_req, reply) => reply.redirect('/api/docs', 302));

  app.get<{ Params: { hash: string; file: string } }>('/api/docs/assets/:hash/:file', async (req, reply) => {
    const asset = docs().byPath.get(`${req.params.hash}/${req.params.file}`);
    if (!asset) return sendError(reply, AppError.notFound('No such API reference asset (its URL names its content; reload /api/docs).'), req.id);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    reply
      .type(asset.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding');
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(gzip ? asset.gzip : asset.body);
  });
}
