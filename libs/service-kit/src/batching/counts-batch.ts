/**
 * Counts kept in this process's memory and handed on in batches on a timer of this process, not a
 * periodic task: each replica holds its own counts, so every replica sends its own. Counting is a
 * Map update on the request's path; a request never waits on the send and never fails because of
 * it. A send that fails is dropped, not retried: a lost interval of counts is better than counting
 * twice a batch the receiver may have taken before the failure.
 */
export class CountsBatch<T> {
  private entries = new Map<string, T>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly send: (entries: T[]) => Promise<unknown>,
    private readonly opts: { flushMs: number; failed?: (err: unknown) => void },
  ) {}

  /** Keys held since the last flush. */
  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The entry under `key`, made by `create` when there is none yet. */
  entry(key: string, create: () => T): T {
    let held = this.entries.get(key);
    if (held === undefined) {
      held = create();
      this.entries.set(key, held);
    }
    return held;
  }

  start(): this {
    this.timer = setInterval(() => {
      void this.flush();
    }, this.opts.flushMs);
    this.timer.unref();
    return this;
  }

  /** Sends what was counted since the last flush; resolves once sent or dropped, never rejects. */
  flush(): Promise<void> {
    if (this.flushing || this.entries.size === 0) return this.flushing ?? Promise.resolve();
    const entries = [...this.entries.values()];
    this.entries = new Map();
    this.flushing = this.send(entries)
      .then(
        () => undefined,
        (err: unknown) => {
          this.opts.failed?.(err);
        },
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** At shutdown: the timer stopped, the last counts sent while the bus is still open. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }
}
