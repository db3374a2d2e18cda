import {
  ANONYMOUS_POSTER_NAME,
  AppError,
  type Caller,
  CATEGORIES,
  type Category,
  CATEGORY_NAMES,
  getJob,
  getMember,
  getPublicJob,
  type Job,
  type JobApplicant,
  listJobApplicants,
  listJobComments,
  listOpenJobs,
  type OutputOf,
  REMOVED_MEMBER_HEADLINE,
  searchJobs,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { gate, readFailedPage } from '../kit/error-pages.js';
import { html, type Raw, sendPage } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { callAs, definePage, doneNotice, type FormState, noticeOf, type PageDefinition, type PageDeps } from '../kit/page.js';
import { commentsSection } from '../work/work-comments.js';
import { type JobViewer, softly, viewerBlock } from '../work/work-job-block.js';
import { gatherWaiting, memberStart } from './home-waiting.js';

const PAGE_SIZE = 20;
const SEARCH_LIMIT = 50;
/** Notices of forms elsewhere that end on the front page. */
const FRONT_NOTICES = {
  'account-deleted': 'Your account is deleted and you are signed out. Thank you for being here.',
  'signed-out-everywhere': 'You are signed out in every browser. Sign in again whenever you like.',
} as const;

const day = (iso: string) => html`<time datetime="${iso}">${new Date(iso).toISOString().slice(0, 10)}</time>`;

/**
 * The front door and the public job and member pages: rendered on the server from the same
 * catalogue operations the API calls, as the signed-in visitor (or nobody), so the API's admission
 * rules hold here too: while invite-only a 401/403 from a service becomes the gate.
 */
export function boardPages(deps: PageDeps): PageDefinition[] {
  const mcpUrl = `${deps.publicUrl.replace(/\/$/, '')}/api/mcp`;

  const front = definePage({
    method: 'GET',
    path: '/',
    guard: 'visitor',
    handler: async (req, reply, caller) => {
      const query = req.query as Record<string, unknown>;
      const q = typeof query.q === 'string' ? query.q.trim().slice(0, 300) : '';
      const category =
        typeof query.category === 'string' && (CATEGORIES as readonly string[]).includes(query.category) ? (query.category as Category) : undefined;
      const page = Math.min(Math.max(1, Number.parseInt(String(query.page ?? '1'), 10) || 1), Math.floor(10_000 / PAGE_SIZE) + 1);
      // Read beside the board, not after it: the member's list is on the same page.
      const waiting = caller ? gatherWaiting(deps.bus, req, caller) : undefined;
      // Handled here too, so a board failure thrown first does not leave it an unhandled rejection.
      waiting?.catch(() => undefined);
      let board: Raw;
      let status = 200;
      try {
        // The search carries the client's address as every call does, so the jobs service counts it
        // in the same 30-a-minute allowance per member, else per address: the front page is no way
        // around the search limit.
        board = q
          ? searchResults(await callAs(deps.bus, req, caller, searchJobs, { q, limit: SEARCH_LIMIT }), q, category)
          : boardPage(
              await callAs(deps.bus, req, caller, listOpenJobs, {
                limit: PAGE_SIZE,
                offset: (page - 1) * PAGE_SIZE,
                sort: 'newest',
                ...(category ? { category: [category] } : {}),
              }),
              page,
              category,
            );
      } catch (err) {
        if (!(err instanceof AppError) || (err.status >= 500 && err.status !== 503)) throw err;
        if (err.status === 429) {
          status = 429;
          board = tooManySearches(reply, err);
        } else {
          board = err.status === 401 || err.status === 403 ? gate(err, caller, req.url) : html`<p class="notice error" role="alert">${err.message}</p>`;
        }
      }
      return sendPage(reply, {
        status,
        title: 'Jobs for people and their agents',
        signedIn: !!caller,
        body: html`
<h1>Jobs for people and their agents</h1>
${noticeOf(doneNotice(req, FRONT_NOTICES))}
${waiting ? memberStart(await waiting) : ''}
<p class="intro">Members post jobs in Markdown. People, and the AI agents working for them, apply, turn in the work and are rated.
Everything you can do here, an agent can do over the REST API or MCP.</p>
${
  waiting
    ? ''
    : html`<ul class="cards two" aria-label="Get started">
<li class="card"><h3><a href="/sign-in">Sign in</a></h3>
<p class="meta">One emailed link signs you in; it also creates your account.</p></li>
<li class="card"><h3><a href="/api/docs">API reference</a></h3><p class="meta">Every REST operation, its errors and an example.</p></li>
</ul>`
}
<section class="part" id="board" aria-labelledby="board-heading">
<h2 id="board-heading">Open jobs</h2>
<form class="search" method="get" action="/" role="search">
<div><label for="q">Search</label><input id="q" name="q" type="search" maxlength="300" value="${q}" placeholder="e.g. logo design"></div>
<div><label for="category">Category</label><select id="category" name="category">
<option value="">All categories</option>
${CATEGORIES.map((c) => html`<option value="${c}"${c === category ? html` selected` : ''}>${CATEGORY_NAMES[c]}</option>`)}
</select></div>
<div><button type="submit">Show jobs</button></div>
</form>
${board}
</section>
<section class="part" id="connect" aria-labelledby="connect-heading">
<h2 id="connect-heading">Connect an MCP client</h2>
<p>Add this address to your MCP client as a remote (streamable HTTP) server:</p>
<p><code id="mcp-url">${mcpUrl}</code></p>
<p class="note">The client signs you in with OAuth and asks you to approve it here; it needs no API key.
You can disconnect it at any time from <a href="/agent-access">Agent access</a>. Agents that call the REST API send an API key instead.</p>
</section>`,
      });
    },
  });

  return [
    front,
    definePage({ method: 'GET', path: '/jobs/:id', guard: 'visitor', handler: (req, reply, caller) => renderJobPage(deps, req, reply, caller, {}) }),
    definePage({
      method: 'GET',
      path: '/members/:id',
      guard: 'visitor',
      handler: async (req, reply, caller) => {
        const { id } = req.params as { id: string };
        try {
          const member = await callAs(deps.bus, req, caller, getMember, { id, view: 'full' });
          return sendPage(reply, { title: member.name, signedIn: !!caller, body: memberPage(member) });
        } catch (err) {
          return readFailedPage(reply, err, caller, req.url, { title: 'No such member', text: 'There is no member with this id.' });
        }
      },
    }),
  ];
}

/**
 * The job page, for anyone; a signed-in visitor reads the job's details (their application with it)
 * and gets their own block and the comment forms. `state` brings a refused form of this page back.
 */
export async function renderJobPage(
  deps: Pick<PageDeps, 'bus'>,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller | null,
  state: FormState,
  status?: number,
): Promise<FastifyReply> {
  const { id } = req.params as { id: string };
  try {
    // Three reads side by side; the applicant list and comments fail alone without losing the job.
    const [job, applicants, comments] = await Promise.all([
      caller ? callAs(deps.bus, req, caller, getJob, { id }) : callAs(deps.bus, req, caller, getPublicJob, { id }),
      callAs(deps.bus, req, caller, listJobApplicants, { id, offset: 0, limit: 50 }).catch(softly),
      callAs(deps.bus, req, caller, listJobComments, { id }).catch(softly),
    ]);
    const viewer: JobViewer | undefined = caller ? { caller, isPoster: job.postedBy.id === caller.memberId, state } : undefined;
    const mine = viewer ? await viewerBlock(deps.bus, req, viewer, job) : signedOutNote(job);
    return sendPage(reply, {
      status,
      title: job.title,
      signedIn: !!caller,
      body: jobPage(job, applicants?.applicants, applicants?.nextOffset ?? null, mine, commentsSection(job.id, job.status, comments?.comments, viewer)),
    });
  } catch (err) {
    return readFailedPage(reply, err, caller, req.url, NO_SUCH_JOB);
  }
}

/** The not-found page of a job page (the job's and its versions'). */
export const NO_SUCH_JOB = { title: 'No such job', text: 'This job does not exist, or it is not open or completed.' };

const signedOutNote = (job: Job) =>
  html`<p class="note">To apply, <a href="/sign-in?next=${encodeURIComponent(`/jobs/${job.id}`)}">sign in</a>, or use the API or an MCP client (<code>apply_to_job</code>).</p>`;

function jobCard(job: Job): Raw {
  return html`<li class="card job">
<h3><a href="/jobs/${encodeURIComponent(job.id)}">${job.title}</a></h3>
<p class="meta"><span class="tag">${CATEGORY_NAMES[job.category] ?? job.category}</span> · ${poster(job)} · posted ${day(job.createdAt)}${
    job.applicants !== undefined ? html` · ${job.applicants} ${job.applicants === 1 ? 'applicant' : 'applicants'}` : ''
  }</p>
</li>`;
}

function poster(job: Job): Raw {
  return job.postedBy.id && job.posterVisibility !== 'anonymous'
    ? html`<a href="/members/${encodeURIComponent(job.postedBy.id)}">${job.postedBy.name}</a>`
    : html`${job.postedBy.name || ANONYMOUS_POSTER_NAME}`;
}

function boardLink(page: number, category: Category | undefined): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return `/${qs ? `?${qs}` : ''}#board`;
}

function boardPage(list: { jobs: Job[]; total: number }, page: number, category: Category | undefined): Raw {
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  if (!list.jobs.length) {
    return html`<p id="no-jobs">${page > 1 ? 'No more jobs.' : category ? 'No open jobs in this category yet.' : 'No open jobs yet.'}</p>`;
  }
  return html`<p class="note" id="job-count">${list.total} open ${list.total === 1 ? 'job' : 'jobs'}, newest first${pages > 1 ? ` · page ${page} of ${pages}` : ''}.</p>
<ul class="cards" id="jobs">${list.jobs.map(jobCard)}</ul>
<nav class="pager" aria-label="Pages">
${page > 1 ? html`<a rel="prev" href="${boardLink(page - 1, category)}">← Newer</a>` : html`<span></span>`}
${page < pages ? html`<a rel="next" href="${boardLink(page + 1, category)}">Older →</a>` : html`<span></span>`}
</nav>`;
}

/** The search limit's refusal as a page says it: when to try again (also as Retry-After), and the allowance. */
function tooManySearches(reply: FastifyReply, err: AppError): Raw {
  const seconds = Math.max(1, Math.ceil(Number(err.extra.retryAfter) || 60));
  void reply.header('retry-after', String(seconds));
  const allowance = /^[^.]*\./.exec(err.message)?.[0] ?? '';
  return html`<p class="notice error" role="alert">Too many searches, try again in ${String(seconds)} ${seconds === 1 ? 'second' : 'seconds'}. ${allowance}</p>`;
}

function searchResults(result: { jobs: Job[] }, q: string, category: Category | undefined): Raw {
  const jobs = category ? result.jobs.filter((j) => j.category === category) : result.jobs;
  if (!jobs.length) return html`<p id="no-jobs">No open jobs match “${q}”. <a href="/#board">See all jobs</a>.</p>`;
  return html`<p class="note" id="job-count">${jobs.length} ${jobs.length === 1 ? 'job matches' : 'jobs match'} “${q}”, best first${
    jobs.length >= SEARCH_LIMIT ? ` (the first ${SEARCH_LIMIT})` : ''
  }. <a href="/#board">Clear the search</a>.</p>
<ul class="cards" id="jobs">${jobs.map(jobCard)}</ul>`;
}

function jobPage(job: Job, applicants: JobApplicant[] | undefined, nextOffset: number | null, mine: Raw, comments: Raw): Raw {
  const status = job.status === 'open' ? 'Open' : job.status.replaceAll('_', ' ');
  return html`<article aria-labelledby="job-title">
<h1 id="job-title">${job.title}</h1>
<p class="meta"><span class="tag">${CATEGORY_NAMES[job.category] ?? job.category}</span> · <span id="job-status">${status}</span> · posted by ${poster(job)} on ${day(job.createdAt)}${
    job.closesAt ? html` · closes ${day(job.closesAt)}` : ''
  }</p>
<div class="markdown" id="job-description">${renderMarkdown(job.constraints)}</div>
${
  job.walkthroughUrl
    ? html`<section class="part" aria-labelledby="walkthrough-heading"><h2 id="walkthrough-heading">Walkthrough</h2>
<video id="walkthrough" controls preload="metadata" src="${job.walkthroughUrl}">Your browser cannot play it here: <a href="${job.walkthroughUrl}">download the walkthrough</a>.</video></section>`
    : ''
}
${job.version > 1 ? html`<p class="meta"><a href="/jobs/${job.id}/versions">Version ${job.version}: see earlier versions</a></p>` : ''}
</article>
${mine}
<section class="part" aria-labelledby="applicants-heading">
<h2 id="applicants-heading">Applicants</h2>
${
  applicants === undefined
    ? html`<p class="note">The applicant list is not available.</p>`
    : applicants.length === 0
      ? html`<p class="note" id="no-applicants">No one has applied yet.</p>`
      : html`<ul id="applicants">${applicants.map(applicantItem)}</ul>${nextOffset !== null ? html`<p class="note">And more.</p>` : ''}`
}
</section>
${comments}`;
}

function applicantItem(a: JobApplicant): Raw {
  if (a.visibility === 'anonymous') return html`<li>${a.name} <span class="note">(anonymous)</span></li>`;
  const where = [a.city, a.state].filter(Boolean).join(', ');
  return html`<li><a href="/members/${encodeURIComponent(a.id)}">${a.name}</a>${a.headline ? html` — ${a.headline}` : ''}
<span class="note">${where ? html`${where} · ` : ''}${a.completedJobs} jobs done${a.rating ? html` · rated ${a.rating.average} (${a.rating.count})` : ''}</span></li>`;
}

type Member = OutputOf<typeof getMember>;

function memberPage(m: Member): Raw {
  const full = 'about' in m ? m : undefined;
  const where = [m.city, m.state].filter(Boolean).join(', ');
  const website = full?.website && /^https?:\/\//i.test(full.website) ? full.website : null;
  return html`<h1 id="member-name">${m.name}</h1>
${
  m.headline === REMOVED_MEMBER_HEADLINE
    ? html`<p class="note" id="member-removed">${m.headline}</p>`
    : m.headline
      ? html`<p class="intro">${m.headline}</p>`
      : ''
}
<p class="meta">${where ? html`${where} · ` : ''}${m.rating ? html`rated ${m.rating.average} from ${m.rating.count} ${m.rating.count === 1 ? 'rating' : 'ratings'}` : 'no ratings yet'}${
    full ? html` · member since ${day(full.createdAt)}` : ''
  }</p>
${website ? html`<p><a href="${website}" rel="nofollow noopener noreferrer">${website}</a></p>` : ''}
${full?.about ? html`<section class="part"><h2>About</h2><p class="comment-body">${full.about}</p></section>` : ''}
${full?.skills.length ? html`<p>${full.skills.map((s) => html`<span class="tag">${s}</span> `)}</p>` : ''}
${
  full
    ? html`<section class="part" aria-labelledby="posted-heading"><h2 id="posted-heading">Jobs posted</h2>
${full.jobsPosted.length ? html`<ul class="cards">${full.jobsPosted.map(jobCard)}</ul>` : html`<p class="note">None yet.</p>`}</section>
<section class="part" aria-labelledby="done-heading"><h2 id="done-heading">Jobs done</h2>
${full.jobsDone.length ? html`<ul class="cards">${full.jobsDone.map(jobCard)}</ul>` : html`<p class="note">None yet.</p>`}</section>
${full.ratings.length ? html`<section class="part"><h2>Ratings</h2><ul>${full.ratings.map((r) => html`<li>${'★'.repeat(r.score)}${'☆'.repeat(5 - r.score)} for <a href="/jobs/${encodeURIComponent(r.job.id)}">${r.job.title}</a> (as ${r.as}): ${r.description}</li>`)}</ul></section>` : ''}`
    : ''
}
<p class="meta"><a href="/report/member/${encodeURIComponent(m.id)}">Report this member</a></p>`;
}
