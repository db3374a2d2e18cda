import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-stack-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('records this process and releases on unlock', async () => {
    const unlock = await lockDataDir(dir);
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await unlock();
    await expect(readFile(join(dir, LOCK_FILE), 'utf8')).rejects.toThrow();
  });

  it('refuses a second start on the same directory in this process', async () => {
    const unlock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/already running in this process/);
    await unlock();
    await (
      await lockDataDir(dir)
    )();
  });

  it('refuses a directory held by another live process', async () => {
    // The parent of this test process is alive and is not us.
    await writeFile(join(dir, LOCK_FILE), String(process.ppid));
    await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`in use by another marketplace \\(pid ${process.ppid}\\)`));
  });

  it('takes over a lock whose process is gone', async () => {
    await writeFile(join(dir, LOCK_FILE), '2147483646');
    const unlock = await lockDataDir(dir);
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await unlock();
  });

  it('takes over a stale lock naming our own pid (containers reuse pids)', async () => {
    await writeFile(join(dir, LOCK_FILE), String(process.pid));
    const unlock = await lockDataDir(dir);
    // Held now, by this process: a second start here is refused, and unlock removes the file.
    await expect(lockDataDir(dir)).rejects.toThrow(/already running in this process/);
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await unlock();
    await expect(readFile(join(dir, LOCK_FILE), 'utf8')).rejects.toThrow();
  });
});
