import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { distFile } from '../../dist-files.js';
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
  'text-preview',
] as const;
/** Modules the scripts import (served, never named by a page). */
const MODULES = [...SCRIPTS, 'dom', 'chunked-upload', 'direct-upload'] as const;
export type ScriptName = (typeof SCRIPTS)[number];

export interface Asset {
  body: string;
  type: string;
  version: string;
}

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

/** An asset by its file name (`site.css`, `<script>.js`), or none. */
export function assetNamed(file: string): Asset | undefined {
  return assets().get(file);
}
