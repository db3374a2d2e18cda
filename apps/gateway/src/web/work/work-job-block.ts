import { AppError, type AuthorizedJobDetail, type Caller, getJobWork, type Job, type JobApplication, listJobApplications } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyRequest } from 'fastify';

import { checkBox, textArea, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, noticeOf, when } from '../kit/page.js';

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
  const [work, received] = await Promise.all([
    job.status !== 'open' ? callAs(bus, req, viewer.caller, getJobWork, { id: job.id }).catch(softly) : undefined,
    viewer.isPoster ? callAs(bus, req, viewer.caller, listJobApplications, { id: job.id }).catch(softly) : undefined,
  ]);
  const application = 'application' in job ? job.application : null;
  const applied = application && LIVE.has(application.status) ? application : null;
  const canApply = !viewer.isPoster && !applied && job.status === 'open';
  return html`${noticeOf(notice)}
<section class="part" id="you" aria-labelledby="you-heading">
<h2 id="you-heading">${viewer.isPoster ? 'Your job' : canApply ? 'Apply for this job' : 'Your application'}</h2>
${work ? html`<p id="work-link">Status: ${work.statusLabel}. ${work.reason} <a class="button" href="/jobs/${job.id}/work">Open the work page</a></p>` : ''}
${
  viewer.isPoster
    ? posterPart(job, received)
    : applied
      ? html`<p id="your-application">You applied ${when(applied.createdAt)}. Status: <span class="status">${applied.statusLabel}</span>.
<a href="/me/applications">Your applications</a></p>`
      : canApply
        ? applyForm(job, viewer.state)
        : html`<p class="note">This job takes no applications now.</p>`
}
${viewer.isPoster ? '' : html`<p class="meta"><a href="/report/job/${job.id}">Report this job</a></p>`}
</section>`;
}

/**
 * The poster's way on from their job: one click to its applications, with how many there are and
 * how many wait on a decision, and the edit and close the job still allows.
 */
function posterPart(job: Job | AuthorizedJobDetail, list: { applications: readonly JobApplication[]; total: number } | undefined): Raw {
  const id = encodeURIComponent(job.id);
  // Withdrawn applications are gone for the poster's list too (the board's applicant count leaves them out).
  const waiting = list?.applications.filter((a) => a.status === 'submitted').length ?? 0;
  const count = list === undefined ? 'Its applications' : `${list.total} ${list.total === 1 ? 'application' : 'applications'}`;
  const editable = job.status === 'open' && !job.safetyHidden;
  return html`<p id="poster-applications">You posted this job. <a href="/me/jobs/${id}" id="applications-link">${count}</a>${
    waiting ? `, ${waiting} waiting for your decision` : ''
  }.</p>
${editable ? html`<p id="poster-actions"><a class="button" href="/me/jobs/${id}/edit">Edit the job</a> <a class="button secondary" href="/me/jobs/${id}/close">Close the job</a></p>` : ''}`;
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
