import { setTimeout as sleep } from 'node:timers/promises';

import type { DataSource } from 'typeorm';

import { chunkKey, chunksFrom } from './file-chunks.queries.js';

/** A join that follows an upload gives up after this long without the next chunk in order. */
export const FOLLOW_IDLE_MS = 10_000;
/**
 * How often a join waiting for chunks looks again: a few chunks come in between, so the join
 * keeps up with one query per several chunks rather than one each.
 */
const POLL_MS = [100, 100, 200, 250] as const;
/** How often a join says it is alive (assembly_requested_at) while it runs or waits. */
export const ALIVE_EVERY_MS = 2_000;

/**
 * An upload's chunk objects in index order, for the join. Without `follow` it holds only what is
 * recorded now; with it, the join runs while the upload goes on: a chunk not received yet is
 * waited for (polled), while the file is still uploading and the next chunk in order arrives
 * within FOLLOW_IDLE_MS. A waiting join says it is alive, so complete does not queue another.
 */
export class ChunkFeed {
  private readonly keys = new Map<number, string>();

  constructor(
    private readonly ds: DataSource,
    private readonly fileId: string,
    private readonly opts: { follow: boolean; alive: () => Promise<void>; idleMs?: number | undefined; signal?: AbortSignal | undefined },
  ) {}

  /** The chunk's object key if it is already known, without asking the database. */
  known(idx: number): string | undefined {
    return this.keys.get(idx);
  }

  /** The chunk's object key, waiting for it when following; null when it will not come (now). */
  async keyOf(idx: number): Promise<string | null> {
    const have = this.keys.get(idx);
    if (have) return have;
    const started = Date.now();
    let aliveAt = started;
    for (let round = 0; ; round++) {
      if (!(await this.load(idx))) return null;
      const key = this.keys.get(idx);
      if (key) return key;
      if (!this.opts.follow || Date.now() - started > (this.opts.idleMs ?? FOLLOW_IDLE_MS)) return null;
      if (Date.now() - aliveAt >= ALIVE_EVERY_MS) {
        aliveAt = Date.now();
        await this.opts.alive();
      }
      await sleep(POLL_MS[Math.min(round, POLL_MS.length - 1)], undefined, this.opts.signal ? { signal: this.opts.signal } : undefined);
    }
  }

  /** The chunk's key as recorded now (it changes when the same bytes are sent again); null when it is gone. */
  async reload(idx: number): Promise<string | null> {
    this.keys.delete(idx);
    const key = await chunkKey(this.ds, this.fileId, idx);
    if (key) this.keys.set(idx, key);
    return key;
  }

  /** Records the chunks from `from` on; false when the file is no longer an upload (in its transfer time, when following). */
  private async load(from: number): Promise<boolean> {
    const rows = await chunksFrom(this.ds, this.fileId, from, this.opts.follow);
    for (const row of rows) if (row.idx !== null && row.object_key) this.keys.set(row.idx, row.object_key);
    return rows.length > 0;
  }
}
