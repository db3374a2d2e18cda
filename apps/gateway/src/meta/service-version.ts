import { readFileSync } from 'node:fs';

/** The deployed semver, from the repository's package.json (no leading v). */
export const SERVICE_VERSION: string = (() => {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
})();
