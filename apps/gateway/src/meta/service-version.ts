import { readFileSync } from 'node:fs';

import { distFile } from '../dist-files.js';

/** The deployed semver, from the repository's package.json (no leading v). */
export const SERVICE_VERSION: string = (() => {
  const pkg = JSON.parse(readFileSync(distFile('../../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
})();
