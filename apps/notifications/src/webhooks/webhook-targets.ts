import { Agent as HttpAgent, request as httpRequest } from 'node:http';
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

const publicAgent = new HttpsAgent({ lookup: publicOnlyLookup(), keepAlive: false });
const loopbackHttp = new HttpAgent({ keepAlive: false });
const loopbackHttps = new HttpsAgent({ keepAlive: false });

/**
 * POSTs a body to an endpoint: public hosts through the kit's guard, checked on the lookup the
 * connection itself makes (a name re-pointed at an internal address after registration is
 * refused); redirects are not followed (a 3xx is a failed attempt). `deadlineMs` bounds the whole
 * attempt, lookup and connect included, not the socket's idle time: an endpoint that trickles its
 * status line a byte at a time is cut off at the deadline. The status line is all a delivery needs,
 * so the answer's body is never read: the request is destroyed as soon as the status arrives.
 * `signal` (the work item's) destroys it too, so an attempt the runner gives up on or a stopping
 * worker leaves no socket behind.
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
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = send(
      url,
      {
        method: 'POST',
        agent,
        ...(signal ? { signal } : {}),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'marketplace-webhooks/1' },
      },
      (res) => {
        finish({ statusCode: res.statusCode ?? null, error: null });
        res.destroy();
        req.destroy();
      },
    );
    // Declared after the request; `finish` only runs once the request has started, after this line.
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${deadlineMs / 1000} s`)), deadlineMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ statusCode: null, error: postError(err) }));
    req.end(body);
  });
}

function postError(err: NodeJS.ErrnoException): string {
  if (err.code === 'ENOTPUBLIC') return 'The endpoint host resolves to an address that is not public.';
  if (err.name === 'AbortError') return 'The attempt was stopped before an answer (the worker stopped or ran out of time).';
  return err.message;
}
