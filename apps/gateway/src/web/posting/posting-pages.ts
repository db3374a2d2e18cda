import { AppError, closeJob, editJob, listMyJobs, MY_JOB_FILTER_LABELS, MY_JOB_FILTERS, type MyJobFilter, postJob } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { formFields } from '../kit/form-posts.js';
import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { callAs, definePage, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender } from '../kit/page.js';
import { listPageOf, pageLinks } from '../kit/paging.js';
import { EMPTY_PREVIEW, JOB_FORM, jobFields, jobForm, previewSection } from './posting-job-form.js';
import { myJob, myJobsList, waitsOn } from './posting-my-jobs.js';
import { postingPerformancePages } from './posting-performance.js';

const enc = encodeURIComponent;
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/** Posting: my jobs, the new-job form with its live preview, editing a job and closing it. */
export function postingPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(...postingPerformancePages(deps));
  const myJobsPage: PageRender = (req, reply, caller, state) =>
    guarded(reply, 'My jobs', async () => {
      const filter = filterOf(req);
      const page = listPageOf(req);
      const { jobs, total } = await callAs(deps.bus, req, caller, listMyJobs, { ...page, ...(filter ? { status: filter } : {}) });
      const waits = await Promise.all(jobs.map((job) => waitsOn(deps.bus, req, caller, job)));
      return memberPage(reply, {
        title: 'My jobs',
        body: html`<h1>My jobs</h1>
${noticeOf(state.notice ?? doneNotice(req, { closed: 'The job is closed: it left the board and waiting applications were declined. It stays here under Closed.' }))}
<p><a class="button" href="/me/jobs/new">Post a job</a> <a class="button secondary" href="/me/drafts/new">Let the guided draft write it</a> <a href="/me/drafts">Your drafts</a> · <a href="/me/jobs/performance">How my jobs do</a></p>
${filterForm(filter, total)}
${myJobsList(jobs, waits, filter)}
${pageLinks('/me/jobs', filter ? `status=${filter}&` : '', page, total)}`,
      });
    });

  const newJobPage: PageRender = async (_req, reply, _caller, state, status) =>
    memberPage(reply, {
      title: 'Post a job',
      status,
      scripts: ['job-preview'],
      body: html`<h1>Post a job</h1>
${noticeOf(state.notice)}
<p>Write it yourself below, or <a href="/me/drafts/new">let the guided draft write it</a>: it asks a few questions and writes the posting with you.</p>
${jobForm({ action: '/me/jobs/new', previewAction: '/me/jobs/new/preview', submitLabel: 'Post the job' }, state)}
${previewSection(state.form === JOB_FORM ? state.values?.constraints : undefined)}`,
    });

  const editPage: PageRender = (req, reply, caller, state, status) =>
    guarded(reply, 'Edit a job', async () => {
      const job = await myJob(deps.bus, req, caller, idOf(req));
      if (job.status !== 'open' || job.safetyHidden) {
        return memberPage(reply, {
          title: `Edit: ${job.title}`,
          status,
          body: html`<h1>Edit: ${job.title}</h1>
<p class="notice error" role="alert">${job.safetyHidden ? 'Staff hid this job, so it cannot be edited.' : 'Only an open job can be edited; this one is not open any more.'}</p>
<p><a href="/me/jobs/${enc(job.id)}">Back to the job</a></p>`,
        });
      }
      // After a refusal the form keeps the version it was loaded with, except when the service said the
      // job moved on: the visitor has been told, and publishing again goes over the current version.
      const moved = state.form === JOB_FORM && state.errors?.jobVersion !== undefined;
      const loaded = moved ? job.version : Number(state.form === JOB_FORM ? (state.values?.expectedVersion ?? job.version) : job.version);
      const versionNote = html`<input type="hidden" name="expectedVersion" value="${loaded}">
<p class="note" id="job-version">You are editing version ${loaded}; saving publishes version ${loaded + 1}. Applications keep the version they applied to.</p>
${
  moved
    ? html`<p class="error field-error" id="job-moved">Someone published version ${job.version} while you were editing. Your text is kept here;
compare it with <a href="/jobs/${enc(job.id)}">the job as it is now</a>, then save again to publish version ${job.version + 1}.</p>`
    : ''
}`;
      return memberPage(reply, {
        title: `Edit: ${job.title}`,
        status,
        scripts: ['job-preview'],
        body: html`<h1>Edit: ${job.title}</h1>
${noticeOf(state.notice)}
${jobForm({ action: `/me/jobs/${enc(job.id)}/edit`, previewAction: `/me/jobs/${enc(job.id)}/edit/preview`, submitLabel: `Publish version ${loaded + 1}` }, state, job, versionNote)}
${previewSection(state.form === JOB_FORM ? state.values?.constraints : job.constraints)}
<p><a href="/me/jobs/${enc(job.id)}">Back to the job</a></p>`,
      });
    });

  const closePage: PageRender = (req, reply, caller, state, status) =>
    guarded(reply, 'Close a job', async () => {
      const job = await myJob(deps.bus, req, caller, idOf(req));
      return memberPage(reply, {
        title: `Close: ${job.title}`,
        status,
        body: html`<h1>Close: ${job.title}</h1>
${noticeOf(state.notice)}
${
  job.status === 'open'
    ? html`<p>Closing takes the job off the board and out of search, and declines every application still waiting. It cannot be reopened.</p>
<form method="post" action="/me/jobs/${enc(job.id)}/close"><p>
<button type="submit" id="close-confirm">Yes, close this job</button> <a class="button secondary" href="/me/jobs/${enc(job.id)}">Keep it open</a></p></form>`
    : html`<p class="notice error" role="alert">Only an open job can be closed; this one is ${job.status.replaceAll('_', ' ')}.</p>
<p><a href="/me/jobs/${enc(job.id)}">Back to the job</a></p>`
}`,
      });
    });

  pages.push(sessionPage('/me/jobs', myJobsPage));
  pages.push(sessionPage('/me/jobs/new', newJobPage));
  pages.push(
    formAction(deps, {
      path: '/me/jobs/new',
      form: JOB_FORM,
      op: postJob,
      page: newJobPage,
      input: (form) => jobFields(form),
      done: (job) => `/me/jobs/${enc(job.id)}?done=posted`,
    }),
  );
  pages.push(previewRoute('/me/jobs/new/preview', newJobPage));

  pages.push(sessionPage('/me/jobs/:id/edit', editPage));
  pages.push(
    formAction(deps, {
      path: '/me/jobs/:id/edit',
      form: JOB_FORM,
      op: editJob,
      page: editPage,
      input: (form, params) => ({ id: params.id, ...jobFields(form), expectedVersion: Number(form.expectedVersion) }),
      done: (job) => `/me/jobs/${enc(job.id)}?done=edited`,
    }),
  );
  pages.push(previewRoute('/me/jobs/:id/edit/preview', editPage));

  pages.push(sessionPage('/me/jobs/:id/close', closePage));
  pages.push(
    formAction(deps, {
      path: '/me/jobs/:id/close',
      form: 'close',
      op: closeJob,
      page: closePage,
      input: (_form, params) => ({ id: params.id }),
      done: () => '/me/jobs?done=closed',
    }),
  );

  pages.push(markdownPreview);
  return pages;
}

/** The status asked for in `?status=`, when it is one the jobs service filters by; else every job. */
function filterOf(req: FastifyRequest): MyJobFilter | undefined {
  const status = (req.query as Record<string, unknown>).status;
  return typeof status === 'string' && (MY_JOB_FILTERS as readonly string[]).includes(status) ? (status as MyJobFilter) : undefined;
}

/** Which of the poster's jobs the list shows: a plain GET form, so it works without script. */
function filterForm(filter: MyJobFilter | undefined, total: number): Raw {
  return html`<form method="get" action="/me/jobs" class="inline" id="job-filter">
<label for="job-filter-status">Show</label>
<select id="job-filter-status" name="status">
<option value=""${filter ? '' : html` selected`}>All my jobs</option>
${MY_JOB_FILTERS.map((f) => html`<option value="${f}"${f === filter ? html` selected` : ''}>${MY_JOB_FILTER_LABELS[f]}</option>`)}
</select>
<button type="submit" class="secondary">Show jobs</button>
</form>
<p class="meta" id="jobs-total">${total} ${total === 1 ? 'job' : 'jobs'}${filter ? ` ${MY_JOB_FILTER_LABELS[filter].toLowerCase()}` : ' in all'}</p>`;
}

/** The no-JavaScript Preview button: the same page again with what was typed and its preview. */
function previewRoute(path: string, page: PageRender): PageDefinition {
  return definePage({
    method: 'POST',
    path,
    guard: 'signed-up',
    handler: (req, reply, caller) => page(req, reply, caller, { form: JOB_FORM, values: formFields(req) } satisfies FormState),
  });
}

/**
 * The live preview's source: Markdown in, the job page's sanitised HTML out, for a signed-in
 * visitor posting from this site (the same origin check as every form).
 */
const markdownPreview = definePage({
  method: 'POST',
  path: '/me/markdown-preview',
  guard: 'signed-in',
  refused: (reply: FastifyReply, err: AppError) => reply.code(err.status).type('text/plain; charset=utf-8').send(err.message),
  handler: async (req, reply) => {
    const source = (formFields(req).markdown ?? '').trim();
    const body: Raw = source ? renderMarkdown(source) : EMPTY_PREVIEW;
    return reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body.value);
  },
});
