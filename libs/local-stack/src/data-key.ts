import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The apps that seal secrets in their tables, so the only ones given DATA_ENCRYPTION_KEY. */
export const SEALING_APPS: readonly string[] = ['identity', 'jobs', 'notifications'];

/**
 * The key that encrypts stored secrets (DATA_ENCRYPTION_KEY). Unlike the bus and OAuth keys it
 * must outlive the launch, since the data does: `npm start` makes it once and keeps it beside the
 * data (owner-only), outside the database; a throw-away run makes a fresh one.
 */
export async function localDataKey(dataDir: string, ephemeral: boolean): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  if (ephemeral) return fresh;
  const file = join(dataDir, 'data-encryption-key');
  await writeFile(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return (await readFile(file, 'utf8')).trim();
}
