import { mkdir, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { hydratePostgresSymlinks } from './postgres-binaries.js';

let pkg: string;
beforeEach(async () => {
  pkg = await mkdtemp(join(tmpdir(), 'local-stack-pg-'));
  await mkdir(join(pkg, 'native', 'lib'), { recursive: true });
  await writeFile(join(pkg, 'native', 'lib', 'libpq.so.5.18'), '');
  await writeFile(
    join(pkg, 'native', 'pg-symlinks.json'),
    JSON.stringify([
      { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
    ]),
  );
});
afterEach(async () => {
  await rm(pkg, { recursive: true, force: true });
});

describe('hydratePostgresSymlinks', () => {
  it('creates the missing links, relative to their directory', async () => {
    expect(await hydratePostgresSymlinks(pkg)).toBe(2);
    expect(await readlink(join(pkg, 'native', 'lib', 'libpq.so'))).toBe('libpq.so.5.18');
    expect(await readlink(join(pkg, 'native', 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
  });

  it('leaves existing links alone, so running it again does nothing', async () => {
    await hydratePostgresSymlinks(pkg);
    expect(await hydratePostgresSymlinks(pkg)).toBe(0);
  });

  it('does nothing for a package without a symlink list', async () => {
    await rm(join(pkg, 'native', 'pg-symlinks.json'));
    expect(await hydratePostgresSymlinks(pkg)).toBe(0);
  });
});
