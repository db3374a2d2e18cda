export interface UntilOptions {
  /** How long to keep asking before failing; 15 s unless said. */
  timeoutMs?: number;
  /** Pause between two probes; 100 ms unless said. */
  intervalMs?: number;
  /** What was awaited, for the failure message (`timed out waiting for <what>`). */
  what?: string;
}

/** What a probe answers while the effect is not there yet. */
export type NotYet = undefined | false;

/**
 * Asks `probe` again and again until it answers something other than `undefined` or `false`, and
 * returns that answer. Tests wait for asynchronous effects (an event relayed, a mail delivered, a
 * row swept) with this instead of a fixed sleep: it returns as soon as the effect is there, and a
 * missing effect fails with what was awaited instead of passing by luck or hanging.
 *
 * A probe that throws fails at once: an assertion inside a probe means "never", not "not yet".
 */
export async function until<T>(probe: () => Promise<T | NotYet> | T | NotYet, opts: number | UntilOptions = {}): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 100, what } = typeof opts === 'number' ? { timeoutMs: opts } : opts;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting${what ? ` for ${what}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
