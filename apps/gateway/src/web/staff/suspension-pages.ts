import { AppError, type Caller, liftSuspension, listSuspensions, type OutputOf, suspendMember, validateInput } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { staffOnlyPage } from '../kit/error-pages.js';
import { textInput } from '../kit/form-fields.js';
import { formFields } from '../kit/form-posts.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, definePage, errorText, type FormState, noticeOf, offsetOf, type PageDefinition, type PageDeps, pager, when } from '../kit/page.js';
import { crumbs, page, staffGuarded } from './staff-page-parts.js';

type Deps = Pick<PageDeps, 'bus'>;
type Suspension = OutputOf<typeof listSuspensions>['suspensions'][number];

const PAGE_SIZE = 50;
const PATH = '/admin/suspensions';

/** Lifting from the list or from an appeal: the reason is optional and goes to the audit log. */
export function liftForm(memberId: string, memberName: string): Raw {
  const id = `lift-${memberId}`;
  return html`<form method="post" action="${PATH}/${memberId}/lift" class="inline">
<label for="${id}">Why lift (optional, audit log)</label>
<input id="${id}" name="reason" maxlength="1000" autocomplete="off">
<button type="submit" aria-label="Lift the suspension of ${memberName}">Lift the suspension</button>
</form>`;
}

function row(s: Suspension): Raw {
  return html`<tr><td><a href="/members/${s.memberId}">${s.memberName}</a><br><code>${s.memberId}</code></td>
<td class="message-body">${s.reason ?? '-'}</td><td>${when(s.suspendedAt)}</td><td>${liftForm(s.memberId, s.memberName)}</td></tr>`;
}

/**
 * Staff suspend a member with a reason and lift suspensions (the staff operations of
 * suspension.operations.ts). Identity refuses anyone but staff at each request, as everywhere.
 */
export function suspensionPages(deps: Deps): PageDefinition[] {
  const render = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState = {}, code = 200) => {
    const offset = req.method === 'GET' ? offsetOf(req) : 0;
    return staffGuarded(reply, async () => {
      const out = await callAs(deps.bus, req, caller, listSuspensions, { offset, limit: PAGE_SIZE });
      return page(
        reply,
        'Suspensions',
        html`
${crumbs('Suspensions')}
<h1>Suspensions</h1>
${noticeOf(state.notice)}
<section class="part" aria-labelledby="suspend-heading"><h2 id="suspend-heading">Suspend a member</h2>
<p class="note">Their sessions, API keys and agents stop at once. They can still sign in to read and appeal; every other write is refused with your reason until you lift it.</p>
<form method="post" action="${PATH}" novalidate>
${textInput({ form: 'suspend', name: 'id', label: 'Member id', required: true, maxlength: 100, hint: 'From their public page, a help request or a report.' }, state)}
${textInput({ form: 'suspend', name: 'reason', label: 'Reason (shown to the member, recorded in the audit log)', required: true, maxlength: 1000 }, state)}
<button type="submit">Suspend</button>
</form></section>
<section class="part" aria-labelledby="suspended-heading"><h2 id="suspended-heading">Suspended members</h2>
${
  out.suspensions.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Member</th><th scope="col">Reason</th><th scope="col">Since</th><th scope="col">Lift</th></tr></thead>
<tbody>${out.suspensions.map(row)}</tbody></table></div>`
    : html`<p class="note">Nobody is suspended.</p>`
}
${pager(PATH, '', offset, out.nextOffset, PAGE_SIZE)}
</section>`,
        code,
      );
    });
  };

  /** Runs the staff operation, then shows the list again with what happened. */
  const act = (form: 'suspend' | 'lift') => async (req: FastifyRequest, reply: FastifyReply, caller: Caller) => {
    const values = formFields(req);
    try {
      if (form === 'suspend') {
        const out = await callAs(deps.bus, req, caller, suspendMember, validateInput(suspendMember.input, { id: values.id, reason: values.reason }));
        return await render(req, reply, caller, { notice: { kind: 'ok', text: `Suspended ${out.memberName}: their access has ended.` } });
      }
      const { id } = req.params as { id: string };
      const reason = values.reason?.trim();
      const out = await callAs(deps.bus, req, caller, liftSuspension, validateInput(liftSuspension.input, { id, ...(reason ? { reason } : {}) }));
      return await render(req, reply, caller, { notice: { kind: 'ok', text: `Lifted the suspension of ${out.memberName}.` } });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 401 || err.status === 403) return staffOnlyPage(reply, err);
      const state: FormState = { form, values, errors: (err.extra.fields ?? {}) as Record<string, string>, notice: { kind: 'error', text: errorText(err) } };
      return render(req, reply, caller, state, err.status);
    }
  };

  return [
    definePage({ method: 'GET', path: PATH, guard: 'staff', handler: (req, reply, caller) => render(req, reply, caller) }),
    definePage({ method: 'POST', path: PATH, guard: 'staff', handler: act('suspend') }),
    definePage({ method: 'POST', path: `${PATH}/:id/lift`, guard: 'staff', handler: act('lift') }),
  ];
}
