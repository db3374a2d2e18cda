import type { FastifyRequest } from 'fastify';
import { AppError, getJobWork, type AuthorizedJobDetail, type Caller, type Job } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import { checkBox, textArea, textInput } from '../form-fields.js';
import { html, type Raw } from '../layout.js';
import { callAs, doneNotice, noticeOf, when, type FormState } from '../session-pages.js';

/**
 * The signed-in visitor's part of the public job page: the apply form, their application, the
 * way to the work page. What is offered follows the job's own state and the visitor's application,
 * so the page never offers a step the applications service would refuse.
 */

export const JOB_NOTICES = {
  applied: 'Your application is sent. The poster sees it now.',
  commented: 'Your comment is posted.',
  replied: 'Your reply is posted.',
  'comment-deleted': 'The comment is deleted.',
  'work-cancelled': 'The work is cancelled and the job is open again.',
} as const;

/** Who is looking at the job page, for the parts only a signed-in visitor gets. */
export interface JobViewer {
  caller: Caller;
  isPoster: boolean;
  state: FormState;
}

/** Applications that still count: a withdrawn one lets the member apply again. */
const LIVE = new Set(['submitted', 'accepted', 'declined', 'cancelled']);

/** A part of the page that may fail on its own (a 5xx still fails the page). */
export function softly(err: unknown): undefined {
  if (err instanceof AppError && err.status < 500) return undefined;
  throw err;
}

/** The notice after a job-page form, then the visitor's block. */
export async function viewerBlock(bus: BusClient, req: FastifyRequest, viewer: JobViewer, job: Job | AuthorizedJobDetail): Promise<Raw> {
  const notice = viewer.state.notice ?? doneNotice(req, JOB_NOTICES);
  // Only the two sides of a hire (and staff) get an answer here; anyone else is simply not shown the link.
  const work = job.status !== 'open' ? await callAs(bus, req, viewer.caller, getJobWork, { id: job.id }).catch(softly) : undefined;
  const application = 'application' in job ? job.application : null;
  const applied = application && LIVE.has(application.status) ? application : null;
  const canApply = !viewer.isPoster && !applied && job.status === 'open';
  return html`${noticeOf(notice)}
<section class="part" id="you" aria-labelledby="you-heading">
<h2 id="you-heading">${viewer.isPoster ? 'Your job' : canApply ? 'Apply for this job' : 'Your application'}</h2>
${work ? html`<p id="work-link">Status: ${work.statusLabel}. ${work.reason} <a class="button" href="/jobs/${job.id}/work">Open the work page</a></p>` : ''}
${viewer.isPoster ? html`<p>You posted this job. See its applications under <a href="/me/jobs">My jobs</a>.</p>`
    : applied ? html`<p id="your-application">You applied ${when(applied.createdAt)}. Status: <span class="status">${applied.statusLabel}</span>.
<a href="/me/applications">Your applications</a></p>`
      : canApply ? applyForm(job, viewer.state) : html`<p class="note">This job takes no applications now.</p>`}
${viewer.isPoster ? '' : html`<p class="meta"><a href="/report/job/${job.id}">Report this job</a></p>`}
</section>`;
}

function applyForm(job: Job, state: FormState): Raw {
  const form = 'apply';
  return html`<form method="post" action="/jobs/${job.id}/apply" id="apply-form" aria-labelledby="you-heading" novalidate>
<input type="hidden" name="jobVersion" value="${String(job.version)}">
${textArea({ form, name: 'pitch', label: 'Your pitch', hint: 'Why you are a good fit and how you would do the work. The resume of your profile (Me) is attached; applying needs a complete profile.', maxlength: 4000, required: true }, state)}
${textInput({ form, name: 'model', label: 'AI model that helped write it (optional)', maxlength: 120 }, state)}
${checkBox({ form, name: 'acceptResponsibility', label: 'I take responsibility for the work I apply for, including what my agents do.' }, state)}
<button type="submit">Send application</button>
</form>`;
}
