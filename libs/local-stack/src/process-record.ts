import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { TrackedProcess } from './child-process.js';
import { stopLeftover } from './leftover-processes.js';
import { startTimeOf } from './process-start-time.js';

export const PROCESS_RECORD_FILE = 'processes.json';

interface RecordedProcess {
  pid: number;
  /** As the log names it: `the services' process`, `jobs`. */
  what: string;
  /** In its command line (its script's path): a pid that does not run it is not ours. */
  marker: string;
  /** Where /proc has it: a process started at another time, with the same pid, is not ours either. */
  startTime?: string;
  group: boolean;
}

/**
 * The apps' processes a launcher runs on a data directory, kept in a file there. A launcher killed
 * together with its orphan watcher leaves them running, holding their ports (the gateway's among
 * them) and their connections; the next launcher on that directory, once it holds the directory's
 * lock, stops what the file names (stopRecordedLeftovers). PostgreSQL and NATS have pid files of
 * their own, and object storage runs in the launcher's process, so it ends with it.
 */
export class ProcessRecord {
  private readonly running = new Map<number, RecordedProcess>();
  private saving: Promise<void> = Promise.resolve();
  private saveQueued = false;

  constructor(private readonly file: string) {}

  add(proc: TrackedProcess, what: string, marker: string): void {
    const pid = proc.child.pid;
    if (pid === undefined || proc.hasExited()) return;
    const startTime = startTimeOf(pid);
    this.running.set(pid, { pid, what, marker, ...(startTime ? { startTime } : {}), group: proc.group });
    this.save();
    void proc.exit.then(() => {
      this.running.delete(pid);
      this.save();
    });
  }

  /** Once every recorded process has ended: the file goes. */
  async close(): Promise<void> {
    await this.saving;
    await rm(this.file, { force: true });
  }

  /** One write at a time, each of the latest list; a rename, so a launcher killed mid-write leaves the last whole one. */
  private save(): void {
    if (this.saveQueued) return;
    this.saveQueued = true;
    this.saving = this.saving
      .then(async () => {
        this.saveQueued = false;
        const next = `${this.file}.next`;
        await writeFile(next, `${JSON.stringify([...this.running.values()])}\n`);
        await rename(next, this.file);
      })
      .catch(() => undefined);
  }
}

/** The record of the data directory in `dir`, left by the launcher that ran on it last. */
export function processRecordIn(dir: string): ProcessRecord {
  return new ProcessRecord(join(dir, PROCESS_RECORD_FILE));
}

/**
 * Stops what a killed launcher's record names and is still running, all at once (SIGTERM, SIGKILL
 * 20 s later), then removes the record. Only called while holding the data directory's lock: a
 * process in the record is then surely left over.
 */
export async function stopRecordedLeftovers(dir: string, log: (line: string) => void): Promise<void> {
  const file = join(dir, PROCESS_RECORD_FILE);
  let recorded: RecordedProcess[] = [];
  try {
    recorded = JSON.parse(await readFile(file, 'utf8')) as RecordedProcess[];
  } catch {
    // No record (the first start, or a clean stop), or an unreadable one: nothing to go by.
  }
  await Promise.all(
    recorded.map(async (entry) => {
      if (!Number.isInteger(entry.pid) || entry.pid <= 1 || typeof entry.marker !== 'string' || !entry.marker) return;
      const outcome = await stopLeftover({ ...entry, signal: 'SIGTERM', log });
      if (outcome === 'unknown') log(`could not tell whether pid ${entry.pid} is ${entry.what} left running by a marketplace that was killed`);
    }),
  );
  await rm(file, { force: true });
}
