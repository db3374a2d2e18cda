import {
  AppError,
  type Caller,
  type ErrorCode,
  getJobWork,
  listJobApplications,
  listJobDrafts,
  listMessages,
  listMyApplications,
  listMyJobs,
} from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyRequest } from 'fastify';

import { html, type Raw } from '../kit/layout.js';
import { callAs } from '../kit/page.js';

/**
 * The signed-in front page's top: the two ways to post, then what waits on the member, each item a
 * link to the page where they act. Gathered from the operations the member's own pages read (their
 * jobs, applications, inbox and drafts); each read may fail alone, and the page says so.
 */

const enc = encodeURIComponent;

/** One thing waiting on the member; `id` names it for the page (and its tests). */
export interface WaitingItem {
  id: string;
  href: string;
  action: string;
  about: string;
}

export interface Waiting {
  items: WaitingItem[];
  /**
   * Why the list may be short, when a source could not be read: a refusal in the service's own words
   * (a member still signing up reads `Finish signing up first.`), else that it failed for now.
   */
  gap: string | null;
  /** The refusal's code, which decides whether the gap offers the next sign-up step. */
  gapCode?: ErrorCode;
}

const READ_FAILED = 'Some of it could not be read right now; reload the page to try again.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * In the order the work needs them: people waiting on the poster's decision first, then work
 * waiting on the poster's approval, conversations, drafts, then the worker's own hires and ratings.
 */
export async function gatherWaiting(bus: BusClient, req: FastifyRequest, caller: Caller): Promise<Waiting> {
  let gap: string | null = null;
  let gapCode: ErrorCode | undefined;
  // Each read may fail alone; as on the board below, a service that is down (503) leaves the page up.
  const alone = (err: unknown): null => {
    if (!(err instanceof AppError) || (err.status >= 500 && err.status !== 503)) throw err;
    if (err.status === 403 || !gap) {
      gap = err.status === 403 ? err.message : READ_FAILED;
      gapCode = err.code;
    }
    return null;
  };
  const [jobs, applications, inbox, drafts] = await Promise.all([
    callAs(bus, req, caller, listMyJobs, {}).catch(alone),
    callAs(bus, req, caller, listMyApplications, {}).catch(alone),
    callAs(bus, req, caller, listMessages, { limit: 100 }).catch(alone),
    callAs(bus, req, caller, listJobDrafts, {}).catch(alone),
  ]);
  const myJobs = jobs?.jobs ?? [];
  const hires = (applications?.applications ?? []).filter((a) => a.status === 'accepted');

  // Only open jobs take decisions; the count is of applications still submitted (undecided).
  const open = myJobs.filter((j) => j.status === 'open' && !j.safetyHidden);
  const decisions = await Promise.all(open.map((j) => callAs(bus, req, caller, listJobApplications, { id: j.id }).catch(alone)));
  // A rating waits only while this side has not rated yet: the work's own actions say so.
  const rating = [...myJobs.filter((j) => j.status === 'rating').map((j) => j.id), ...hires.filter((a) => a.job.status === 'rating').map((a) => a.job.id)];
  const works = await Promise.all(rating.map((id) => callAs(bus, req, caller, getJobWork, { id }).catch(alone)));

  const items: WaitingItem[] = [];
  open.forEach((job, i) => {
    const waiting = decisions[i]?.applications.filter((a) => a.status === 'submitted').length ?? 0;
    if (waiting) {
      items.push({
        id: `applications-${job.id}`,
        href: `/me/jobs/${enc(job.id)}`,
        action: `Review ${plural(waiting, 'application', 'applications')}`,
        about: job.title,
      });
    }
  });
  for (const job of myJobs.filter((j) => j.status === 'submitted')) {
    items.push({ id: `approve-${job.id}`, href: `/jobs/${enc(job.id)}/work`, action: 'Review the work turned in', about: job.title });
  }
  for (const c of (inbox && 'conversations' in inbox ? inbox.conversations : []).filter((c) => c.unread > 0)) {
    items.push({
      id: `messages-${c.applicationId}`,
      href: `/me/messages/${enc(c.applicationId)}`,
      action: `Read ${plural(c.unread, 'new message', 'new messages')} from ${c.with.name}`,
      about: c.job.title,
    });
  }
  for (const d of drafts?.drafts ?? []) {
    items.push({
      id: `draft-${d.id}`,
      href: d.previewPath,
      action: 'Finish your job draft',
      about: `${d.title ?? 'Untitled draft'} · Next: ${d.readiness.needs}`,
    });
  }
  for (const a of hires) {
    if (a.job.status === 'in_progress') {
      items.push({ id: `work-${a.job.id}`, href: `/jobs/${enc(a.job.id)}/work`, action: 'You are hired: do the work and turn it in', about: a.job.title });
    } else if (a.job.status === 'changes_requested') {
      items.push({ id: `work-${a.job.id}`, href: `/jobs/${enc(a.job.id)}/work`, action: 'Changes were asked for: turn the work in again', about: a.job.title });
    }
  }
  for (const work of works) {
    if (work?.actions.includes('rate')) {
      const other = work.role === 'poster' ? 'worker' : 'poster';
      items.push({ id: `rate-${work.jobId}`, href: `/jobs/${enc(work.jobId)}/work`, action: `Rate the ${other}`, about: work.title });
    }
  }
  return { items, gap, ...(gapCode ? { gapCode } : {}) };
}

/** The two ways to post, then the waiting list (or that nothing waits). */
export function memberStart(waiting: Waiting): Raw {
  return html`<p class="start" id="post-actions"><a class="button" href="/me/jobs/new">Post a job</a> <a class="button secondary" href="/me/drafts/new">Let the guided draft write it</a></p>
<section class="part" id="waiting" aria-labelledby="waiting-heading">
<h2 id="waiting-heading">What waits on you</h2>
${
  waiting.items.length
    ? html`<ul class="cards" id="waiting-list">${waiting.items.map(
        (item) => html`<li class="card" id="waits-${item.id}">
<h3><a href="${item.href}">${item.action}</a></h3>
<p class="meta">${item.about}</p>
</li>`,
      )}</ul>`
    : html`<p id="nothing-waits">Nothing waits on you right now.</p>`
}
${
  waiting.gapCode === 'sign_up_unfinished'
    ? html`<p class="notice" id="waiting-partial">${waiting.gap} <a href="/sign-up">Go to your next sign-up step</a></p>`
    : waiting.gap
      ? html`<p class="note" id="waiting-partial">${waiting.gap}</p>`
      : ''
}
</section>`;
}
