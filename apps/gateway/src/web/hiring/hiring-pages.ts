import {
  acceptApplication,
  CATEGORY_NAMES,
  declineApplication,
  getPostedJobEval,
  isHiredStatus,
  listJobApplications,
  listJobFiles,
  repostJob,
  setJobFileAccess,
} from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, ticked } from '../kit/form-fields.js';
import { html } from '../kit/layout.js';
import { callAs, doneNotice, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { listPageOf, pageLinks } from '../kit/paging.js';
import { jobLinks, myJob, posterStatusLabel, soft, waitsLine, waitsOn } from '../posting/posting-my-jobs.js';
import { applicationsSection, fileAccessSection } from './hiring-applications.js';
import { jobEvalSection } from './hiring-eval.js';

const enc = encodeURIComponent;

const NOTICES = {
  posted: 'Your job is posted and on the board.',
  edited: 'Saved. The job page shows the new version.',
  accepted: "Hired. You now have each other's contact; the work page follows the job from here.",
  declined: 'Declined. The applicant is told.',
  'access-on': 'The hired worker can now use the job files.',
  'access-off': 'The hired worker can no longer reach the job files.',
  reposted: 'Posted again: this is the new job, version 1, open on the board. The old one keeps its applications.',
};

const REPOST_FORM = 'repost';

/** Hiring: a job's applications, accept and decline, the contact once hired, file access for the worker, the job eval, posting again. */
export function hiringPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const jobPage: PageRender = (req, reply, caller, state, status) =>
    guarded(reply, 'Your job', async () => {
      const job = await myJob(deps.bus, req, caller, (req.params as { id: string }).id);
      const page = listPageOf(req);
      const read = callAs(deps.bus, req, caller, listJobApplications, { id: job.id, ...page }).catch(soft);
      const [applications, files, waits, evaluation] = await Promise.all([
        read,
        isHiredStatus(job.status) ? callAs(deps.bus, req, caller, listJobFiles, { id: job.id }).catch(soft) : null,
        // One page does not hold every waiting application, so what waits is read on its own.
        waitsOn(deps.bus, req, caller, job),
        callAs(deps.bus, req, caller, getPostedJobEval, { id: job.id }).catch(soft),
      ]);
      return memberPage(reply, {
        title: job.title,
        status,
        body: html`<h1>${job.title}</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
<p class="meta"><span class="tag">${CATEGORY_NAMES[job.category] ?? job.category}</span> · <span class="status" id="job-status">${posterStatusLabel(job)}</span>
 · version ${job.version} · posted ${when(job.createdAt)}${job.closesAt ? html` · closes ${when(job.closesAt)}` : ''}</p>
<p class="waits">${waitsLine(waits)}</p>
${jobLinks(job, 'applications')}
${applicationsSection(job, applications?.applications ?? null)}
${applications ? pageLinks(`/me/jobs/${enc(job.id)}`, '', page, applications.total) : ''}
${fileAccessSection(job, files)}
${jobEvalSection(evaluation)}
${
  job.safetyHidden
    ? ''
    : html`<section class="part" aria-labelledby="repost-heading">
<h2 id="repost-heading">Post again</h2>
<p>A new job with this title, category, description and visibility, at version 1 and open for 14 days. Applications, comments and files stay with this one.</p>
<form method="post" action="/me/jobs/${enc(job.id)}/repost" id="${REPOST_FORM}">
${state.form === REPOST_FORM && status === 400 ? checkBox({ form: REPOST_FORM, name: 'acknowledgeExposures', label: 'I know these details will be public; publish them anyway' }, state) : ''}
<button type="submit">Post again</button></form>
</section>`
}
<p><a href="/me/jobs">All your jobs</a></p>`,
      });
    });

  pages.push(sessionPage('/me/jobs/:id', jobPage));
  pages.push(
    formAction(deps, {
      path: '/me/jobs/:id/applications/:applicationId/accept',
      form: 'accept',
      op: acceptApplication,
      page: jobPage,
      input: (_form, params) => ({ id: params.applicationId }),
      done: (out, params) => `/me/jobs/${enc(params.id!)}?done=accepted#application-${enc(out.id)}`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/jobs/:id/applications/:applicationId/decline',
      form: 'decline',
      op: declineApplication,
      page: jobPage,
      input: (_form, params) => ({ id: params.applicationId }),
      done: (out, params) => `/me/jobs/${enc(params.id!)}?done=declined#application-${enc(out.id)}`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/jobs/:id/repost',
      form: REPOST_FORM,
      op: repostJob,
      page: jobPage,
      input: (form, params) => ({ id: params.id, ...(ticked(form.acknowledgeExposures) ? { acknowledgeExposures: true } : {}) }),
      done: (out) => `/me/jobs/${enc(out.id)}?done=reposted`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/jobs/:id/file-access',
      form: 'file-access',
      op: setJobFileAccess,
      page: jobPage,
      input: (form, params) => ({ id: params.id, allowed: form.allowed === 'true' }),
      done: (out, params) => `/me/jobs/${enc(params.id!)}?done=${out.workerAccess ? 'access-on' : 'access-off'}`,
    }),
  );
  return pages;
}
