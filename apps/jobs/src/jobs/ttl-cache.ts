/**
 * Reuses an answer for a few seconds and shares one computation among concurrent askers.
 * A failed computation is forgotten at once, so an outage is never cached.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries: number) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at <= this.ttlMs) return hit.value;
    if (this.entries.size >= this.maxEntries) {
      for (const [k, e] of this.entries) if (now - e.at > this.ttlMs) this.entries.delete(k);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    const value = compute();
    this.entries.set(key, { at: now, value });
    value.catch(() => { if (this.entries.get(key)?.value === value) this.entries.delete(key); });
    return value;
  }
}
