import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { isAlive } from './child-process.js';

export const LOCK_FILE = 'infrastructure.lock';

/**
 * Claims dataDir for this process. Two launchers on one data directory would
 * run two nats-servers on one JetStream store and fight over PostgreSQL's
 * lock file; the second one should stop before starting anything. A lock
 * whose process is gone (killed launcher) is taken over.
 */
// In a container the launcher often has the same pid every time, so a lock
// naming our own pid is stale unless this process really holds it.
const heldHere = new Set<string>();

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  if (heldHere.has(path)) throw new Error(`The infrastructure for ${dataDir} is already running in this process`);
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, mine, { flag: 'wx' });
      heldHere.add(path);
      return async () => {
        heldHere.delete(path);
        // Only remove it if it is still ours.
        if ((await readFile(path, 'utf8').catch(() => '')) === mine) await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `${dataDir} is in use by another marketplace (pid ${holder}). Stop that one, or use another data directory ` +
          `(MARKETPLACE_DATA_DIR). If pid ${holder} is not a marketplace, delete ${path}.`,
      );
    }
    await unlink(path).catch(() => undefined);
  }
  throw new Error(`Could not lock ${dataDir} (${path})`);
}
