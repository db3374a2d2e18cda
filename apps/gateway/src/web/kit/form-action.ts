import { AppError, type Caller, type Operation, type OutputOf } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded, refusedPage } from './error-pages.js';
import { formFields } from './form-posts.js';
import { callAs, definePage, errorText, type FormState, type PageDefinition, type PageRender } from './page.js';

/** A signed-in GET page: `render` with no form state, for the caller its guard let through. */
export function sessionPage(path: string, render: PageRender): PageDefinition {
  return definePage({ method: 'GET', path, guard: 'signed-in', handler: (req, reply, caller) => render(req, reply, caller, {}) });
}

export interface FormActionSpec<Op extends Operation> {
  path: string;
  /** The form's id on its page: field errors are shown on that form only. */
  form: string;
  op: Op;
  /** The operation's input from the posted fields and the path's parameters. */
  input: (form: Record<string, string | undefined>, params: Record<string, string>) => unknown;
  /** Where to go after success (Post/Redirect/Get); add `done=` for the page's notice. The posted fields may say where the visitor was. */
  done: (out: OutputOf<Op>, params: Record<string, string>, form: Record<string, string | undefined>) => string;
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
export function formAction<Op extends Operation>(deps: { bus: BusClient }, spec: FormActionSpec<Op>): PageDefinition {
  return definePage({
    method: 'POST',
    path: spec.path,
    guard: 'signed-in',
    handler: async (req, reply, caller) => {
      const params = req.params as Record<string, string>;
      const values = formFields(req);
      try {
        const out = await callAs(deps.bus, req, caller, spec.op, spec.input(values, params));
        if (spec.shown) return await spec.shown(out, req, reply, caller);
        return reply.redirect(spec.done(out, params, values), 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.status === 401 || err.status === 403) return refusedPage(reply, err);
        const errors = (err.extra.fields ?? {}) as Record<string, string>;
        const state: FormState = { form: spec.form, values, errors, notice: { kind: 'error', text: errorText(err) } };
        return spec.page(req, reply, caller, state, err.status);
      }
    },
  });
}

/**
 * A GET link that sends the visitor to a short-lived download address. A link, not a form: the
 * address may be the storage's own, where the pages' form-action policy lets no form go.
 */
export function downloadLink(path: string, link: (req: FastifyRequest, caller: Caller) => Promise<{ url: string }>): PageDefinition {
  return definePage({
    method: 'GET',
    path,
    guard: 'signed-in',
    handler: (req, reply, caller) =>
      guarded(reply, 'Download', async () => reply.header('cache-control', 'no-store').redirect((await link(req, caller)).url, 303)),
  });
}
