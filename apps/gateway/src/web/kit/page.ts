import type { AppError, Caller, Operation, OutputOf } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Authenticator } from '../../auth/authenticator.js';
import { callContext, callOperation } from '../../call/operation-call.js';
import { html, type Page, type Raw, sendPage } from './layout.js';

/**
 * A page of the site as one definition: its method and path, who may open it (the guard) and what
 * answers. Each area of web/ exports its definitions; `mountPages` (mount.ts) registers them all,
 * so the routes the site serves are exactly the definitions, never a list kept beside them.
 */

/**
 * Who may open a page, checked before its handler runs:
 * - `public`: anyone; the session is not read (assets, links from emails);
 * - `visitor`: anyone, signed in or not; the handler gets the signed-in member or null;
 * - `signed-in`: a browser session (a GET without one goes to sign in and back; a form post must
 *   come from this site) or an API key on a form post;
 * - `signed-up`: signed in, and sign-up finished where the services require it;
 * - `staff`: signed in as staff.
 * What a member may do is still decided by the owning services; a guard only refuses early.
 */
export type Guard = 'public' | 'visitor' | 'signed-in' | 'signed-up' | 'staff';

/** The caller a handler gets after its guard: a member, or for `public` and `visitor` possibly none. */
export type GuardedCaller<G extends Guard> = G extends 'public' | 'visitor' ? Caller | null : Caller;

export interface PageDefinition<G extends Guard = Guard> {
  method: 'GET' | 'POST';
  /** The route pattern, as Fastify reads it (`/jobs/:id`). */
  path: string;
  guard: G;
  handler: (req: FastifyRequest, reply: FastifyReply, caller: GuardedCaller<G>) => Promise<FastifyReply>;
  /** How this route says its guard's refusal, when not with the guard's error page (see error-pages.ts). */
  refused?: (reply: FastifyReply, err: AppError) => FastifyReply;
}

/** A page definition, typed by its guard. */
export function definePage<G extends Guard>(page: PageDefinition<G>): PageDefinition {
  return page as unknown as PageDefinition;
}

/**
 * An area's pages for members who finished signing up: its `signed-in` pages and forms become
 * `signed-up`, so a member still in the sign-up steps gets that page rather than each service's 403.
 */
export function forSignedUp(pages: readonly PageDefinition[]): PageDefinition[] {
  return pages.map((page) => (page.guard === 'signed-in' ? { ...page, guard: 'signed-up' } : page));
}

/** What the pages stand on: the bus for their calls, the authenticator for their guards, the site's address. */
export interface PageDeps {
  bus: BusClient;
  auth: Authenticator;
  /** PUBLIC_URL: links a member copies (invite link, MCP address); a path to follow sign-in must stay on this origin. */
  publicUrl: string;
  /**
   * The object store's origin when the pages send files over the proxied cap straight to it
   * (S3_BROWSER_UPLOADS); null when every file goes through the API in chunks.
   */
  uploadStore: string | null;
}

export type Notice = { kind: 'ok' | 'error'; text: string };

/** What a page shows again after a refused form: the values sent, the service's field errors, a notice. */
export interface FormState {
  /** Which form on the page was sent (a page may have several). */
  form?: string;
  values?: Record<string, string | undefined>;
  errors?: Record<string, string>;
  notice?: Notice;
}

/** Renders a signed-in page (status and body); `state` carries a refused form back to it. */
export type PageRender = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status?: number) => Promise<FastifyReply>;

/**
 * Calls an operation as the visitor, through the gateway's one call path, on the web surface with
 * the visitor's client facts: the one way a page calls.
 */
export async function callAs<Op extends Operation>(bus: BusClient, req: FastifyRequest, caller: Caller | null, op: Op, input: unknown): Promise<OutputOf<Op>> {
  return callOperation(bus, op, input, callContext(req, caller, 'web'));
}

/** sendPage for a signed-in visitor. */
export function memberPage(reply: FastifyReply, page: Omit<Page, 'signedIn'>): FastifyReply {
  return sendPage(reply, { ...page, signedIn: true });
}

export function noticeOf(notice: Notice | undefined): Raw {
  return notice
    ? html`<div id="notice" class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}" tabindex="-1">${notice.text}</div>`
    : html``;
}

/** A service error as one line: its message, then each field's. */
export function errorText(err: AppError): string {
  const fields = err.extra.fields ? Object.values(err.extra.fields as Record<string, string>) : [];
  return fields.length ? `${err.message} ${fields.join(' ')}` : err.message;
}

export const when = (iso: string | null | undefined) =>
  iso ? html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')}</time>` : html`<span class="muted">-</span>`;

export function offsetOf(req: FastifyRequest): number {
  const value = Number((req.query as Record<string, unknown>).offset ?? 0);
  return Number.isInteger(value) && value >= 0 && value <= 1_000_000 ? value : 0;
}

export function pager(path: string, query: string, offset: number, nextOffset: number | null, pageSize: number): Raw {
  const prev = offset > 0 ? Math.max(0, offset - pageSize) : null;
  if (prev === null && nextOffset === null) return html``;
  return html`<nav class="pager" aria-label="Pages">
${prev !== null ? html`<a href="${path}?${query}offset=${prev}">Previous page</a>` : html`<span></span>`}
${nextOffset !== null ? html`<a href="${path}?${query}offset=${nextOffset}">Next page</a>` : ''}
</nav>`;
}

/** A page's fixed success notices, chosen by `?done=` after a form's redirect (never text from the URL). */
export function doneNotice(req: FastifyRequest, notices: Record<string, string>): Notice | undefined {
  const key = (req.query as Record<string, unknown>).done;
  return typeof key === 'string' && Object.hasOwn(notices, key) ? { kind: 'ok', text: notices[key]! } : undefined;
}
