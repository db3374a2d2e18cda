import type { getPostedJobEval, OutputOf } from '@marketplace/contracts';

import { html, type Raw } from '../kit/layout.js';

type JobEvalView = OutputOf<typeof getPostedJobEval>;

/** Where the eval stands after the poster's latest edit: an edit has it written again, off the request path. */
function progress(view: JobEvalView): Raw {
  const version = view.jobVersion ?? 1;
  if (view.task?.status === 'pending') {
    return html`<p class="notice" id="job-eval-state" role="status">Being written again for version ${version} after your edit. Until then this is the eval of the earlier version; reload the page in a few seconds.</p>`;
  }
  if (view.task?.status === 'failed') {
    return html`<p class="error" id="job-eval-state">The eval of version ${version} could not be written${view.task.error ? html`: ${view.task.error}` : ''}. Edit the job again to retry.</p>`;
  }
  return html`<p class="note" id="job-eval-state">For version ${version}, the job as it reads now.</p>`;
}

/**
 * The job eval on the poster's job page: how well the posting lets a worker start, kept current
 * through edits. Jobs posted without a draft have none, and the section is left out.
 */
export function jobEvalSection(view: JobEvalView | null): Raw {
  if (!view?.evaluation) return html``;
  const e = view.evaluation;
  return html`<section class="part" aria-labelledby="job-eval-heading" id="job-eval">
<h2 id="job-eval-heading">Job eval</h2>
${progress(view)}
<p><strong id="job-eval-score">${e.score}/100.</strong> ${e.verdict}</p>
${e.strengths.length ? html`<h3>Strengths</h3><ul>${e.strengths.map((s) => html`<li>${s}</li>`)}</ul>` : ''}
${e.gaps.length ? html`<h3>What an applicant would still ask</h3><ul id="job-eval-gaps">${e.gaps.map((g) => html`<li>${g}</li>`)}</ul>` : ''}
${e.analyzed ? '' : html`<p class="note">Scored by the built-in checklist: no model is configured.</p>`}
</section>`;
}
