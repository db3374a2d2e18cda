import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type Caller, type Operation, type OutputOf } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { Authenticator } from '../auth/authenticator.js';
import { callContext, callOperation } from '../call/operation-call.js';
import { formCaller, formFields } from './form-posts.js';
import { html, sendPage, type Page, type Raw } from './layout.js';

/**
 * The one primitive of the signed-in pages (the member app and the staff console): who the visitor
 * is, how a page calls the catalogue as them, how a form post runs an operation and comes back,
 * and how a refusal reads. Authorization stays in the owning services; these pages only ask.
 */

export interface SessionPageDeps {
  bus: BusClient;
  auth: Authenticator;
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

/** A page's call context: the web surface, with the visitor's client facts. */
export function ctxOf(req: FastifyRequest, caller: Caller | null) {
  return callContext(req, caller, 'web');
}

/** Calls an operation as the visitor, through the gateway's one call path. */
export async function callAs<Op extends Operation>(
  bus: BusClient, req: FastifyRequest, caller: Caller | null, op: Op, input: unknown,
): Promise<OutputOf<Op>> {
  return callOperation(bus, op, input, ctxOf(req, caller));
}

/** The signed-in browser session, or a redirect to sign in that comes back here. */
export async function pageCaller(deps: SessionPageDeps, req: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
  const caller = await deps.auth.sessionCaller(req, reply);
  if (!caller) {
    void reply.redirect(`/sign-in?next=${encodeURIComponent(req.url)}`, 302);
    return null;
  }
  return caller;
}

/** A form post: the session, from this site only; anything else gets the refusal page. */
export async function postCaller(deps: SessionPageDeps, req: FastifyRequest, reply: FastifyReply, refusal: (r: FastifyReply, e: AppError) => FastifyReply = refusedPage): Promise<Caller | null> {
  const caller = await formCaller(deps.auth, req, reply);
  if (!caller) {
    void refusal(reply, AppError.unauthorized('Sign in on this site, then send the form again.'));
    return null;
  }
  return caller;
}

/** The page for a 401 or 403 from a service. */
export function refusedPage(reply: FastifyReply, err: AppError): FastifyReply {
  return sendPage(reply, { status: err.status, title: 'Not allowed', signedIn: err.status !== 401, body: html`
<h1>${err.status === 401 ? 'Sign in first' : 'Not allowed'}</h1>
<p class="notice error" role="alert">${err.message}</p>
<p>${err.status === 401 ? html`<a href="/sign-in">Sign in</a> · ` : ''}<a href="/">Back to the jobs</a></p>` });
}

/** Renders what `render` builds; a refusal from the services becomes its page, another failure a page with its message. */
export async function guarded(
  reply: FastifyReply, title: string, render: () => Promise<FastifyReply>,
  refusal: (r: FastifyReply, e: AppError) => FastifyReply = refusedPage,
): Promise<FastifyReply> {
  try {
    return await render();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 401 || err.status === 403) return refusal(reply, err);
    return sendPage(reply, { status: err.status, title, signedIn: true, body: html`
<h1>${err.status === 404 ? 'Not found' : title}</h1><p class="notice error" role="alert">${err.message}</p>
<p><a href="/me">Your page</a> · <a href="/">Jobs</a></p>` });
  }
}

export function noticeOf(notice: Notice | undefined): Raw {
  return notice ? html`<div id="notice" class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}" tabindex="-1">${notice.text}</div>` : html``;
}

/** A service error as one line: its message, then each field's. */
export function errorText(err: AppError): string {
  const fields = err.extra.fields ? Object.values(err.extra.fields as Record<string, string>) : [];
  return fields.length ? `${err.message} ${fields.join(' ')}` : err.message;
}

export const when = (iso: string | null | undefined) =>
  (iso ? html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')}</time>` : html`<span class="muted">-</span>`);

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

/** Route maps for the gateway's 404/405 answers. */
export class RouteRecorder {
  readonly routes = new Map<string, Set<string>>();
  add(path: string, ...methods: string[]): void {
    const set = this.routes.get(path) ?? new Set<string>();
    for (const m of methods) set.add(m);
    this.routes.set(path, set);
  }
}

/** Renders a signed-in page (status and body); `state` carries a refused form back to it. */
export type PageRender = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status?: number) => Promise<FastifyReply>;

export interface FormActionSpec<Op extends Operation> {
  path: string;
  /** The form's id on its page: field errors are shown on that form only. */
  form: string;
  op: Op;
  /** The operation's input from the posted fields and the path's parameters. */
  input: (form: Record<string, string | undefined>, params: Record<string, string>) => unknown;
  /** Where to go after success (Post/Redirect/Get); add `done=` for the page's notice. */
  done: (out: OutputOf<Op>, params: Record<string, string>) => string;
  /** The page that shows this form, rendered again with the errors when the service refuses. */
  page: PageRender;
  /**
   * Instead of the redirect, a page showing what only this answer carries (a one-time link or
   * secret), which must stay out of URLs and history.
   */
  shown?: (out: OutputOf<Op>, req: FastifyRequest, reply: FastifyReply, caller: Caller) => Promise<FastifyReply>;
}

/**
 * A plain HTML form that runs one catalogue operation: validated as REST validates, called as the
 * signed-in visitor, then a redirect on success, or the same page again with the service's field
 * errors next to their fields and its status code. Works without JavaScript.
 */
export function formAction<Op extends Operation>(scope: FastifyInstance, deps: SessionPageDeps, routes: RouteRecorder, spec: FormActionSpec<Op>): void {
  scope.post(spec.path, async (req, reply) => {
    const caller = await postCaller(deps, req, reply);
    if (!caller) return reply;
    const params = req.params as Record<string, string>;
    const values = formFields(req);
    try {
      const out = await callAs(deps.bus, req, caller, spec.op, spec.input(values, params));
      if (spec.shown) return await spec.shown(out, req, reply, caller);
      return reply.redirect(spec.done(out, params), 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 401 || err.status === 403) return refusedPage(reply, err);
      const errors = (err.extra.fields ?? {}) as Record<string, string>;
      const state: FormState = { form: spec.form, values, errors, notice: { kind: 'error', text: errorText(err) } };
      return spec.page(req, reply, caller, state, err.status);
    }
  });
  routes.add(spec.path, 'POST');
}

/** A signed-in GET page: the session or a trip to sign in, then `render` with no form state. */
export function sessionPage(scope: FastifyInstance, deps: SessionPageDeps, routes: RouteRecorder, path: string, render: PageRender): void {
  scope.get(path, async (req, reply) => {
    const caller = await pageCaller(deps, req, reply);
    if (!caller) return reply;
    return render(req, reply, caller, {});
  });
  routes.add(path, 'GET');
}

/** sendPage for a signed-in visitor. */
export function memberPage(reply: FastifyReply, page: Omit<Page, 'signedIn'>): FastifyReply {
  return sendPage(reply, { ...page, signedIn: true });
}

/**
 * A GET link that sends the visitor to a short-lived download address. A link, not a form: the
 * address may be the storage's own, where the pages' form-action policy lets no form go.
 */
export function downloadLink(
  scope: FastifyInstance, deps: SessionPageDeps, routes: RouteRecorder, path: string,
  link: (req: FastifyRequest, caller: Caller) => Promise<{ url: string }>,
): void {
  scope.get(path, async (req, reply) => {
    const caller = await pageCaller(deps, req, reply);
    if (!caller) return reply;
    return guarded(reply, 'Download', async () => reply.header('cache-control', 'no-store').redirect((await link(req, caller)).url, 303));
  });
  routes.add(path, 'GET');
}
