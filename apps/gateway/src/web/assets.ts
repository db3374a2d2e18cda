import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@marketplace/contracts';
import { distFile } from '../dist-files.js';
import { SITE_CSS } from './site-css.js';

/** The browser scripts: TypeScript in web/scripts, compiled by the build next to this file. */
export const SCRIPTS = [
  'sign-in',
  'agent-access',
  'record',
  'job-preview',
  'draft-status',
  'photo-upload',
  'file-upload',
  'live-messages',
  'push-opt-in',
  'work-upload',
] as const;
/** Modules the scripts import (served, never named by a page). */
const MODULES = [...SCRIPTS, 'dom'] as const;
export type ScriptName = (typeof SCRIPTS)[number];

interface Asset { body: string; type: string; version: string }

const version = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 12);

function load(): Map<string, Asset> {
  const assets = new Map<string, Asset>([['site.css', { body: SITE_CSS, type: 'text/css; charset=utf-8', version: version(SITE_CSS) }]]);
  for (const name of MODULES) {
    const body = readFileSync(distFile(`web/scripts/${name}.js`), 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
    assets.set(`${name}.js`, { body, type: 'text/javascript; charset=utf-8', version: version(body) });
  }
  return assets;
}

let loaded: Map<string, Asset> | undefined;
const assets = () => (loaded ??= load());

/** The URL of an asset, with its content hash: it is cached for a year and changes when it does. */
export function assetUrl(file: string): string {
  const asset = assets().get(file);
  if (!asset) throw new Error(`Unknown asset ${file}`);
  return `/assets/${file}?v=${asset.version}`;
}

/** /assets/site.css and /assets/<script>.js: a fixed list, nothing read from disk per request. */
export function registerAssets(app: FastifyInstance): Map<string, Set<string>> {
  assets();
  app.get('/assets/:file', async (req, reply) => {
    const { file } = req.params as { file: string };
    const asset = assets().get(file);
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
  });
  return new Map([['/assets/:file', new Set(['GET'])]]);
}
