import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

import { AppError } from '@marketplace/contracts';
import { isSpecialUseName, NotPublicAddressError, publicAddresses, publicOnlyLookup } from '@marketplace/service-kit';

import { webhookSettings } from './webhook-settings.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** 'loopback' when the URL is http(s) to this machine and that is allowed (never in production), 'public' for https elsewhere. */
function targetOf(url: URL): 'loopback' | 'public' | undefined {
  if (url.username || url.password) return undefined;
  if (webhookSettings().loopbackHttp && LOOPBACK_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return 'loopback';
  return url.protocol === 'https:' ? 'public' : undefined;
}

const NOT_TAKEN = 'Must be an https URL whose host resolves to public internet addresses only.';

/** Refuses (400) a URL that is not https or whose host resolves to any private, loopback or link-local address. */
export async function checkWebhookUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw AppError.badRequest(NOT_TAKEN, { url: NOT_TAKEN });
  }
  const target = targetOf(url);
  if (!target) throw AppError.badRequest(NOT_TAKEN, { url: NOT_TAKEN });
  if (target === 'loopback') return url.href;
  if (isSpecialUseName(url.hostname)) throw AppError.badRequest(NOT_TAKEN, { url: NOT_TAKEN });
  try {
    await publicAddresses(url.hostname);
  } catch (err) {
    if (err instanceof NotPublicAddressError || (err as NodeJS.ErrnoException).code === 'ENOTFOUND') {
      throw AppError.badRequest(NOT_TAKEN, { url: NOT_TAKEN });
    }
    throw AppError.unavailable('The endpoint host could not be looked up just now; try again shortly.');
  }
  return url.href;
}

export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
}

/**
 * Connections are kept alive per origin (host and port) and reused by the next attempt: a
 * delivery pays no new TCP (and TLS) handshake while its endpoint keeps taking them. Every new
 * connection still makes its own lookup through the kit's guard, so a kept connection was checked
 * when it was made, and one idle for IDLE_MS is closed (below the 5 s most servers keep an idle
 * connection, so a reused one has rarely been closed under us). At most MAX_SOCKETS connections
 * per origin; past that an attempt waits in the agent, inside its own deadline.
 */
const IDLE_MS = 4_000;
const MAX_SOCKETS = 16;
const MAX_FREE_SOCKETS = 4;
/** An answer's body is read to its end (so its connection can be reused) only if it is this small and this quick. */
const DRAIN_BYTES = 16 * 1024;
const DRAIN_MS = 1_000;
const keptAlive = { keepAlive: true, timeout: IDLE_MS, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_FREE_SOCKETS, scheduling: 'lifo' } as const;
const publicAgent = new HttpsAgent({ ...keptAlive, lookup: publicOnlyLookup() });
const loopbackHttp = new HttpAgent(keptAlive);
const loopbackHttps = new HttpsAgent(keptAlive);

/**
 * POSTs a body to an endpoint: public hosts through the kit's guard, checked on the lookup each new
 * connection makes (a name re-pointed at an internal address after registration is refused);
 * redirects are not followed (a 3xx is a failed attempt). `deadlineMs` bounds the whole attempt,
 * lookup and connect included, not the socket's idle time: an endpoint that trickles its status
 * line a byte at a time is cut off at the deadline. The status line is all a delivery needs: the
 * outcome is settled as soon as it arrives. The answer's body is then read only to let its
 * connection be reused, and only while it is short (DRAIN_BYTES) and quick (DRAIN_MS): past either,
 * the connection is destroyed, so a receiver that trickles its body holds nothing. `signal` (the
 * work item's) destroys the request too, so an attempt the runner gives up on or a stopping
 * worker leaves no socket behind. A kept connection the server closed just as it was reused
 * (ECONNRESET before any answer) is tried once more on a new one, inside the same deadline.
 */
export function postWebhook(raw: string, headers: Record<string, string>, body: string, deadlineMs: number, signal?: AbortSignal): Promise<PostOutcome> {
  const url = new URL(raw);
  const target = targetOf(url);
  if (!target) return Promise.resolve({ statusCode: null, error: 'The endpoint URL is no longer taken.' });
  const secure = url.protocol === 'https:';
  const agent = target === 'public' ? publicAgent : secure ? loopbackHttps : loopbackHttp;
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    let current: ClientRequest | undefined;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const attempt = (retried: boolean) => {
      const req = send(
        url,
        {
          method: 'POST',
          agent,
          ...(signal ? { signal } : {}),
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'marketplace-webhooks/1',
          },
        },
        (res) => {
          finish({ statusCode: res.statusCode ?? null, error: null });
          drain(req, res);
        },
      );
      current = req;
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!settled && !retried && req.reusedSocket && err.code === 'ECONNRESET' && current === req) return attempt(true);
        finish({ statusCode: null, error: postError(err) });
      });
      req.end(body);
    };
    // Declared before the first request; `finish` only runs once a request has started, after this line.
    const timer = setTimeout(() => current?.destroy(new Error(`no answer within ${deadlineMs / 1000} s`)), deadlineMs);
    attempt(false);
  });
}

/** Reads a settled answer's body to its end so its connection goes back to the agent; destroys it if the body is long or slow. */
function drain(req: ClientRequest, res: IncomingMessage): void {
  let bytes = 0;
  const cut = () => {
    clearTimeout(slow);
    res.destroy();
    req.destroy();
  };
  const slow = setTimeout(cut, DRAIN_MS);
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_BYTES) cut();
  });
  res.on('end', () => clearTimeout(slow));
  res.on('error', () => clearTimeout(slow));
  res.on('close', () => clearTimeout(slow));
}

function postError(err: NodeJS.ErrnoException): string {
  if (err.code === 'ENOTPUBLIC') return 'The endpoint host resolves to an address that is not public.';
  if (err.name === 'AbortError') return 'The attempt was stopped before an answer (the worker stopped or ran out of time).';
  return err.message;
}
