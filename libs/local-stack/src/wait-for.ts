import { get } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export type PollOutcome = 'ready' | 'stopped' | 'timeout';

/**
 * Polls check until it passes, stopIf says waiting is pointless (the process
 * died), or timeoutMs passes. Returns which of these happened so the caller
 * can word its own error.
 */
export async function poll(check: () => Promise<boolean>, opts: { timeoutMs: number; intervalMs?: number; stopIf?: () => boolean }): Promise<PollOutcome> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (opts.stopIf?.()) return 'stopped';
    if (await check()) return 'ready';
    if (opts.stopIf?.()) return 'stopped';
    if (Date.now() >= deadline) return 'timeout';
    await sleep(opts.intervalMs ?? 200);
  }
}

/**
 * The HTTP status of a GET, or undefined when nothing answered. No keep-alive
 * agent: polling must not leave sockets that hold the event loop open.
 */
export function httpStatus(url: string, timeoutMs = 2000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

export function acceptsConnections(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}
