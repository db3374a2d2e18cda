import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { CaughtMail } from '@marketplace/local-stack';

import { api, type ApiResponse } from './api-client.js';
import { until } from './until.js';

/** What the local mail catcher stores as `<id>.json` beside the raw `<id>.eml`. */
export type CaughtMessage = CaughtMail;

export interface SignedInMember {
  email: string;
  /** `mk_session=…`, ready for a Cookie header. */
  cookie: string;
  /** The raw session token (what the cookie carries). */
  token: string;
  /** Where the link redirected after signing in. */
  location: string;
}

/** Messages the catcher holds for one address, oldest first. */
export async function mailTo(mailDir: string, email: string): Promise<CaughtMessage[]> {
  if (!mailDir) throw new Error('No mail folder: the system runs with SMTP_URL pointing elsewhere, so tests cannot read its mail.');
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const found: CaughtMessage[] = [];
  for (const name of names) {
    const mail = JSON.parse(await readFile(join(mailDir, name), 'utf8')) as CaughtMessage;
    if (mail.to.includes(email.toLowerCase())) found.push(mail);
  }
  return found;
}

/** Waits for a message to `email` that was not among `seen` (ids), and returns it. */
export async function waitForMail(mailDir: string, email: string, seen: ReadonlySet<string> = new Set(), timeoutMs = 10_000): Promise<CaughtMessage> {
  return until(async () => (await mailTo(mailDir, email)).filter((m) => !seen.has(m.id)).at(-1), {
    timeoutMs,
    intervalMs: 50,
    what: `a new mail to ${email}`,
  });
}

/**
 * Waits for a new message to `email` that holds a sign-in link, passing over others (a member's
 * alert emails may arrive in between), and returns it.
 */
export async function waitForSignInMail(mailDir: string, email: string, seen: ReadonlySet<string> = new Set(), timeoutMs = 10_000): Promise<CaughtMessage> {
  return until(async () => (await mailTo(mailDir, email)).filter((m) => !seen.has(m.id) && m.links.some(isSignInLink)).at(-1), {
    timeoutMs,
    intervalMs: 50,
    what: `a new sign-in mail to ${email}`,
  });
}

/** A made-up client address, so tests do not share the per-address sign-in limit (needs TRUST_PROXY). */
export function randomClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface LinkRequest {
  name?: string;
  callbackURL?: string;
  newUserCallbackURL?: string;
  errorCallbackURL?: string;
  /** Sent as X-Forwarded-For; a random address when omitted. */
  ip?: string;
  /** The Origin header; the service's own origin when omitted, none when null. */
  origin?: string | null;
}

/** POST /api/auth/sign-in/magic-link as the sign-in page sends it. */
export async function requestSignInLink(baseUrl: string, email: string, opts: LinkRequest = {}): Promise<ApiResponse> {
  const { ip, origin, ...fields } = opts;
  const headers: Record<string, string> = { 'x-forwarded-for': ip ?? randomClientIp() };
  if (origin !== null) headers.origin = origin ?? new URL(baseUrl).origin;
  return api(baseUrl, '/api/auth/sign-in/magic-link', { headers, body: { email, ...fields } });
}

function isSignInLink(link: string): boolean {
  return link.includes('/api/auth/magic-link/verify?token=');
}

/** The sign-in link from a message. */
export function signInLink(mail: CaughtMessage): string {
  const link = mail.links.find(isSignInLink);
  if (!link) throw new Error(`The mail "${mail.subject}" to ${mail.to.join(', ')} holds no sign-in link`);
  return link;
}

/** Follows a sign-in link without following the redirect; returns the session cookie it set. */
/**
 * Follows an emailed link as a browser does: opens it (a page that spends nothing), then presses
 * "Continue signing in", which posts the token from the same origin. Answers that post.
 */
export async function followSignInLink(link: string): Promise<{ status: number; location: string; cookie?: string; setCookie: string }> {
  const opened = await fetch(link, { redirect: 'manual' });
  if (opened.status !== 200) {
    return { status: opened.status, location: opened.headers.get('location') ?? '', setCookie: opened.headers.get('set-cookie') ?? '' };
  }
  await opened.text();
  const url = new URL(link);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
    body: new URLSearchParams({ token: url.searchParams.get('token') ?? '' }).toString(),
  });
  await res.text();
  const setCookie = res.headers.get('set-cookie') ?? '';
  const token = /(?:^|,\s*)mk_session=([^;]+)/.exec(setCookie)?.[1];
  return {
    status: res.status,
    location: res.headers.get('location') ?? '',
    setCookie,
    ...(token ? { cookie: `mk_session=${token}` } : {}),
  };
}

/**
 * Signs a member in through the real flow: asks for a link, reads it from the mail catcher's
 * folder, follows it, and returns the session cookie. A new address creates the account.
 */
export async function signIn(baseUrl: string, mailDir: string, opts: { email?: string } & LinkRequest = {}): Promise<SignedInMember> {
  const email = (opts.email ?? `s-${randomUUID().slice(0, 12)}@example.test`).toLowerCase();
  const seen = new Set((await mailTo(mailDir, email)).map((m) => m.id));
  const { email: _ignored, ...request } = opts;
  const res = await requestSignInLink(baseUrl, email, request);
  if (res.status !== 200) throw new Error(`Asking for a sign-in link answered ${res.status}: ${JSON.stringify(res.body)}`);
  const followed = await followSignInLink(signInLink(await waitForSignInMail(mailDir, email, seen)));
  if (!followed.cookie) throw new Error(`The sign-in link set no session (status ${followed.status}, location ${followed.location})`);
  return { email, cookie: followed.cookie, token: followed.cookie.slice('mk_session='.length), location: followed.location };
}

/** Headers for a request as the member's browser sends it from our own pages. */
export function sessionHeaders(baseUrl: string, member: Pick<SignedInMember, 'cookie'>): Record<string, string> {
  return { cookie: member.cookie, origin: new URL(baseUrl).origin };
}
