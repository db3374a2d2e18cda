import {
  AppError,
  type AuthorizedJobDetail,
  type Caller,
  CATEGORY_NAMES,
  getJob,
  getJobWork,
  isHiredStatus,
  type Job,
  JOB_STATUS_LABELS,
  type JobApplication,
  listJobApplications,
  MY_JOB_FILTER_LABELS,
  type MyJob,
  type MyJobFilter,
} from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyRequest } from 'fastify';

import { html, type Raw } from '../kit/layout.js';
import { callAs, when } from '../kit/page.js';

/** The poster's jobs: each with its status, what it waits on, and where to go next. */

const enc = encodeURIComponent;

/** What a job waits on, in one line; null when the services could not say. */
export type WaitsOn = string | null;

/**
 * One of the visitor's own jobs, in any state (closed and expired ones too). The job's details also
 * answer other members and the hired worker, so only a job the visitor posted is theirs here.
 */
export async function myJob(bus: BusClient, req: FastifyRequest, caller: Caller, id: string): Promise<AuthorizedJobDetail> {
  const job = await callAs(bus, req, caller, getJob, { id });
  if (job.postedBy.id !== caller.memberId) throw AppError.notFound('You have no job with this id.');
  return job;
}

/** A job as its poster reads it: closed by a close, or expired when its time ran out. */
type PostersJob = Job & { expired?: boolean };

/** The status a poster reads: "Expired" for a job whose time ran out, the job status's own words otherwise. */
export const posterStatusLabel = (job: PostersJob): string => (job.expired ? MY_JOB_FILTER_LABELS.expired : JOB_STATUS_LABELS[job.status]);

/** A part that may fail alone: the page still shows the job without it (a 5xx still fails the page). */
export function soft(err: unknown): null {
  if (err instanceof AppError && err.status < 500) return null;
  throw err;
}

/**
 * Asked of the services that know: the hired work's own `reason`, or for an open job how many
 * applications wait on the poster's decision.
 */
export async function waitsOn(
  bus: BusClient,
  req: FastifyRequest,
  caller: Caller,
  job: PostersJob,
  read?: Promise<{ applications: JobApplication[] } | null>,
): Promise<WaitsOn> {
  if (job.safetyHidden) return 'Waiting on staff: they hid the job from the board.';
  if (job.expired) return "Nothing: the job's time ran out. Post it again to take new applications.";
  if (job.status === 'closed') return 'Nothing: the job is closed. Post it again to take new applications.';
  if (isHiredStatus(job.status)) {
    const work = await callAs(bus, req, caller, getJobWork, { id: job.id }).catch(soft);
    return work?.reason ?? null;
  }
  const list = await (read ?? callAs(bus, req, caller, listJobApplications, { id: job.id }).catch(soft));
  if (!list) return null;
  const waiting = list.applications.filter((a) => a.status === 'submitted').length;
  if (waiting) return `Waiting on you: ${waiting} ${waiting === 1 ? 'application waits' : 'applications wait'} for your decision.`;
  return 'Waiting on applicants: no application waits for a decision.';
}

/** The line itself, or a note that the services could not say right now. */
export const waitsLine = (waits: WaitsOn): Raw | string => waits ?? html`<span class="muted">What it waits on is not known right now.</span>`;

/** Links to everything about one job the poster can reach now. */
export function jobLinks(job: Job, except: 'applications' | 'none' = 'none'): Raw {
  const id = enc(job.id);
  const links: Raw[] = [];
  if (job.status === 'open' || job.status === 'completed') links.push(html`<a href="/jobs/${id}">Job page</a>`);
  if (except !== 'applications') links.push(html`<a href="/me/jobs/${id}">Applications</a>`);
  if (isHiredStatus(job.status)) links.push(html`<a href="/jobs/${id}/work">Work page</a>`);
  links.push(html`<a href="/jobs/${id}/files">Files</a>`);
  if (job.status === 'open' && !job.safetyHidden) links.push(html`<a href="/me/jobs/${id}/edit">Edit</a>`, html`<a href="/me/jobs/${id}/close">Close</a>`);
  return html`<p class="links">${links.map((l, i) => html`${i ? ' · ' : ''}${l}`)}</p>`;
}

function jobItem(job: MyJob, waits: WaitsOn): Raw {
  return html`<li class="card job" id="job-${job.id}">
<h2><a href="/me/jobs/${enc(job.id)}">${job.title}</a></h2>
<p class="meta"><span class="tag">${CATEGORY_NAMES[job.category] ?? job.category}</span> · <span class="status">${posterStatusLabel(job)}</span>
 · version ${job.version} · posted ${when(job.createdAt)}${job.posterVisibility === 'anonymous' ? ' · anonymous' : ''}</p>
<p class="waits">${waitsLine(waits)}</p>
${jobLinks(job)}
</li>`;
}

export function myJobsList(jobs: readonly MyJob[], waits: readonly WaitsOn[], filter: MyJobFilter | undefined): Raw {
  if (!jobs.length) {
    return html`<p id="no-jobs">${filter ? `You have no jobs in this state (${MY_JOB_FILTER_LABELS[filter]}).` : 'You have not posted a job yet.'}</p>`;
  }
  return html`<ul class="cards" id="my-jobs" aria-label="Your jobs">${jobs.map((job, i) => jobItem(job, waits[i] ?? null))}</ul>`;
}
