/**
 * Reuses an answer for a few seconds and shares one computation among concurrent askers. After
 * the TTL, an answer younger than `staleMs` is still served while one refresh runs in the
 * background, so a slow computation (a count over a large board) delays only the first asker.
 * A failed computation is forgotten at once, so an outage is never cached.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; settled?: T; refreshing?: boolean }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries: number, private readonly staleMs = 0) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at <= this.ttlMs) return hit.value;
    if (hit && hit.settled !== undefined && now - hit.at <= this.ttlMs + this.staleMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        compute().then(
          (v) => this.entries.set(key, { at: Date.now(), value: Promise.resolve(v), settled: v }),
          () => { hit.refreshing = false; },
        );
      }
      return Promise.resolve(hit.settled);
    }
    if (this.entries.size >= this.maxEntries) {
      for (const [k, e] of this.entries) if (now - e.at > this.ttlMs + this.staleMs) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    const value = compute();
    const entry: { at: number; value: Promise<T>; settled?: T } = { at: now, value };
    this.entries.set(key, entry);
    value.then(
      (v) => { entry.settled = v; },
      () => { if (this.entries.get(key) === entry) this.entries.delete(key); },
    );
    return value;
  }
}
