interface Entry<T> {
  /** When the value was computed or stored. */
  at: number;
  /** An expiry of the entry's own (stored with one); otherwise it lives `ttlMs` from `at`. */
  until?: number;
  value: Promise<T>;
  settled: boolean;
  result?: T;
  refreshing?: boolean;
}

/**
 * The one in-memory cache of the house: values kept for a TTL (or an expiry of their own), at most
 * `maxEntries` of them (the oldest goes first), dropped whole or by key when an event says they
 * changed.
 *
 * `get` reuses an answer and shares one computation among concurrent askers. After the TTL, an
 * answer younger than `staleMs` is still served while one refresh runs in the background, so a
 * slow computation (a count over a large board) delays only the first asker. A failed computation
 * is forgotten at once, so an outage is never cached. `peek` and `set` are the synchronous side,
 * for values computed elsewhere (a rendered page, verified claims).
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly staleMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, now)) return hit.value;
    if (hit && hit.settled && hit.until === undefined && now - hit.at <= this.ttlMs + this.staleMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        compute().then(
          (v) => {
            if (this.entries.get(key) === hit) this.entries.set(key, { at: this.now(), value: Promise.resolve(v), settled: true, result: v });
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return Promise.resolve(hit.result as T);
    }
    this.makeRoom(key, now);
    const value = compute();
    const entry: Entry<T> = { at: now, value, settled: false };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        entry.settled = true;
        entry.result = v;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** The settled value held for `key`, unless it expired (expired entries are dropped). */
  peek(key: string, now = this.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (!this.fresh(hit, now)) {
      if (hit.until !== undefined || now - hit.at > this.ttlMs + this.staleMs) this.entries.delete(key);
      return undefined;
    }
    return hit.settled ? hit.result : undefined;
  }

  /** Keeps `value` for `key` until `until` (by default for the TTL); a value already expired is not kept. */
  set(key: string, value: T, until?: number, now = this.now()): void {
    if (until !== undefined && until <= now) return;
    this.makeRoom(key, now);
    this.entries.delete(key);
    this.entries.set(key, { at: now, until, value: Promise.resolve(value), settled: true, result: value });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private fresh(entry: Entry<T>, now: number): boolean {
    return entry.until !== undefined ? now < entry.until : now - entry.at <= this.ttlMs;
  }

  /** Past the cap, drops what expired; if that is not enough, the oldest entry (a Map iterates in insertion order). */
  private makeRoom(key: string, now: number): void {
    if (this.entries.size < this.maxEntries || this.entries.has(key)) return;
    for (const [k, e] of this.entries) {
      const gone = e.until !== undefined ? now >= e.until : now - e.at > this.ttlMs + this.staleMs;
      if (gone) this.entries.delete(k);
    }
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
