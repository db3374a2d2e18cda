import type { JobFile, JobWork } from '@marketplace/contracts';

import { selectInput, textArea, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { type FormState, type Notice, noticeOf, when } from '../kit/page.js';
import { storeAttribute } from '../kit/upload-store.js';

/**
 * The work page of a hired job, the same page for the poster and the worker: what it waits on,
 * every turned-in round with its review, the ratings, and a form for each step in `actions` only,
 * since those are exactly the steps the applications service takes from this visitor now.
 */

/** How many link rows the turn-in form offers (the service takes up to 20; one more row per filled one). */
const LINK_ROWS = 3;

const SCORES = [
  ['', 'Choose a score'],
  ['5', '5 – excellent'],
  ['4', '4 – good'],
  ['3', '3 – fair'],
  ['2', '2 – poor'],
  ['1', '1 – bad'],
] as const;

const stars = (score: number) => html`<span aria-label="${score} out of 5">${'★'.repeat(score)}${'☆'.repeat(5 - score)}</span>`;

export interface WorkPageParts {
  work: JobWork;
  /** Complete files of the job's worker folder, or null when the worker cannot reach the job's files. */
  workerFiles: JobFile[] | null;
  notice: Notice | undefined;
  state: FormState;
  /** Where the upload sends files over the proxied cap (PageDeps.uploadStore). */
  uploadStore: string | null;
}

export function workPage({ work, workerFiles, notice, state, uploadStore }: WorkPageParts): Raw {
  const has = (a: JobWork['actions'][number]) => work.actions.includes(a);
  const base = `/jobs/${work.jobId}/work`;
  return html`<h1>Work: ${work.title}</h1>
${noticeOf(notice)}
<p class="meta"><a href="/jobs/${work.jobId}">The job page</a> · <a href="/jobs/${work.jobId}/files">Job files</a> · you are the ${work.role === 'admin' ? 'staff reviewer' : work.role}</p>
<p id="work-status">Status: <span class="status">${work.statusLabel}</span>. ${work.reason}</p>
${
  work.cancelRequestedAt
    ? html`<p class="notice" id="cancel-requested">The poster asked ${when(work.cancelRequestedAt)} to cancel this work.${
        work.role === 'worker' ? ' Cancel it below if you agree.' : ''
      }</p>`
    : ''
}
${ratingsPart(work)}
<section class="part" aria-labelledby="rounds-heading"><h2 id="rounds-heading">Rounds</h2>
${work.submissions.length ? html`<ol class="cards" id="rounds" reversed>${work.submissions.map((s) => roundItem(work.jobId, s))}</ol>` : html`<p class="note" id="no-rounds">Nothing turned in yet.</p>`}
</section>
${has('submit') ? submitForm(work.jobId, workerFiles, state, uploadStore) : ''}
${
  has('requestChanges') || has('approve')
    ? html`<section class="part" aria-labelledby="review-heading"><h2 id="review-heading">Review round ${String(work.submissions[0]?.round ?? '')}</h2>
${has('approve') ? ratingForm(`${base}/approve`, 'approve', 'Approve and rate the worker', 'Your rating stays private until the worker rates you back, and cannot be changed.', state) : ''}
${
  has('requestChanges')
    ? html`<form method="post" action="${base}/request-changes" novalidate><h3>Ask for changes</h3>
${textArea({ form: 'changes', name: 'feedback', label: 'What should change', maxlength: 4000, rows: 4, required: true }, state)}
<button type="submit" class="secondary">Request changes</button></form>`
    : ''
}
</section>`
    : ''
}
${
  has('rate')
    ? html`<section class="part" aria-labelledby="rate-heading"><h2 id="rate-heading">The work is approved</h2>
${ratingForm(`${base}/rate`, 'rate', 'Rate the poster', 'This completes the job and makes both ratings public.', state)}</section>`
    : ''
}
${
  has('remind') || has('requestCancellation') || has('cancel')
    ? html`<section class="part" aria-labelledby="more-heading"><h2 id="more-heading">Other steps</h2>
${
  has('remind')
    ? html`<form method="post" action="${base}/remind"><p>The work waits on the other side. Send them a reminder (one every 12 hours).</p>
<button type="submit" class="secondary">Send a reminder</button></form>`
    : ''
}
${
  has('requestCancellation')
    ? html`<details><summary>Ask the worker to cancel</summary><form method="post" action="${base}/request-cancellation">
<p>Nothing changes until the worker agrees and cancels.</p><button type="submit" class="secondary">Ask to cancel</button></form></details>`
    : ''
}
${
  has('cancel')
    ? html`<details${work.cancelRequestedAt ? html` open` : ''}><summary>Cancel this work</summary><form method="post" action="${base}/cancel">
<p>The hire ends and the job opens again for 14 days. This cannot be undone.</p><button type="submit" class="secondary">Yes, cancel the work</button></form></details>`
    : ''
}
</section>`
    : ''
}
`;
}

function submitForm(jobId: string, workerFiles: JobFile[] | null, state: FormState, uploadStore: string | null): Raw {
  const form = 'submit';
  const sent = state.form === form ? (state.values ?? {}) : {};
  const filledRows = Array.from({ length: 20 }, (_, i) => i).filter((i) => sent[`links.${i}.url`]?.trim()).length;
  const rows = Math.min(20, Math.max(LINK_ROWS, filledRows + 1));
  return html`<section class="part" aria-labelledby="submit-heading"><h2 id="submit-heading">Turn the work in</h2>
<form method="post" action="/jobs/${jobId}/work/submit" id="submit-form" novalidate>
${textArea({ form, name: 'body', label: 'What you did and how to check it', hint: 'Markdown.', maxlength: 4000, rows: 8, required: true }, state)}
<fieldset><legend>Links (optional)</legend>
${Array.from(
  { length: rows },
  (_, i) => html`<div class="link-row">
${textInput({ form, name: `links.${i}.url`, label: `Link ${i + 1} address`, type: 'url', maxlength: 2048 }, state)}
${textInput({ form, name: `links.${i}.label`, label: `Link ${i + 1} label`, maxlength: 120 }, state)}</div>`,
)}
</fieldset>
${textInput({ form, name: 'model', label: 'AI model that did the work (leave empty if you did it yourself)', maxlength: 120 }, state)}
${filesPicker(jobId, workerFiles, state, uploadStore)}
<button type="submit">Turn in</button>
</form></section>`;
}

function filesPicker(jobId: string, files: JobFile[] | null, state: FormState, uploadStore: string | null): Raw {
  const error = state.form === 'submit' ? Object.entries(state.errors ?? {}).find(([k]) => k.startsWith('fileIds'))?.[1] : undefined;
  const sent = state.form === 'submit' ? (state.values ?? {}) : {};
  return html`<fieldset${error ? html` aria-describedby="submit-files-error"` : ''}><legend>Files from the job's worker folder (optional)</legend>
${
  files === null
    ? html`<p class="note">The poster has not shared the job's files with you, so there are none to pick.</p>`
    : html`<div id="worker-files">
${files.length === 0 ? html`<p class="note" id="no-worker-files">No complete files in the worker folder yet.</p>` : ''}
${files.map(
  (f) => html`<p class="check"><input type="checkbox" id="file-${f.id}" name="file-${f.id}"${sent[`file-${f.id}`] === 'on' ? html` checked` : ''}>
<label for="file-${f.id}">${f.path} <span class="note">(${sizeText(f.size)})</span></label></p>`,
)}</div>
<div id="worker-upload" data-job="${jobId}"${storeAttribute(uploadStore)} hidden>
<label for="upload-file">Upload a file to the worker folder</label>
<input type="file" id="upload-file"> <button type="button" class="secondary" id="upload-button">Upload</button>
<p class="note" id="upload-status" role="status"></p>
</div>`
}
${error ? html`<p class="error field-error" id="submit-files-error">${error}</p>` : ''}
</fieldset>`;
}

function ratingForm(action: string, form: string, heading: string, note: string, state: FormState): Raw {
  return html`<form method="post" action="${action}" id="${form}-form" novalidate><h3>${heading}</h3><p class="note">${note}</p>
${selectInput({ form, name: 'score', label: 'Score', options: SCORES, required: true }, state)}
${textArea({ form, name: 'description', label: 'Your rating in words', maxlength: 2000, rows: 3, required: true }, state)}
<button type="submit">${heading}</button></form>`;
}

function ratingsPart(work: JobWork): Raw {
  const { byPoster, byWorker } = work.ratings;
  if (!byPoster && !byWorker) return html``;
  const one = (who: string, r: NonNullable<JobWork['ratings']['byPoster']>) =>
    html`<li><strong>${who}</strong>: ${stars(r.score)} ${when(r.createdAt)}<p class="comment-body">${r.description}</p></li>`;
  return html`<section class="part" aria-labelledby="ratings-heading"><h2 id="ratings-heading">Ratings</h2><ul id="ratings">
${byPoster ? one('The poster rated the worker', byPoster) : ''}${byWorker ? one('The worker rated the poster', byWorker) : ''}</ul></section>`;
}

function roundItem(jobId: string, s: JobWork['submissions'][number]): Raw {
  return html`<li class="card" id="round-${String(s.round)}"><h3>Round ${String(s.round)}: ${s.statusLabel}</h3>
<p class="meta">Turned in ${when(s.createdAt)}${s.model ? html` · made with ${s.model}` : ''}${s.decidedAt ? html` · reviewed ${when(s.decidedAt)}` : ''}</p>
<div class="markdown">${renderMarkdown(s.body)}</div>
${s.links.length ? html`<ul class="links">${s.links.map((l) => html`<li><a href="${safeUrl(l.url)}" rel="nofollow noopener noreferrer">${l.label ?? l.url}</a></li>`)}</ul>` : ''}
${s.files.length ? html`<ul class="files">${s.files.map((f) => html`<li><a href="/jobs/${jobId}/files/${f.id}/download">${f.path}</a> <span class="note">(${sizeText(f.size)})</span></li>`)}</ul>` : ''}
${s.feedback ? html`<p><strong>Changes asked for:</strong></p><p class="comment-body">${s.feedback}</p>` : ''}
</li>`;
}

/** The service only keeps http(s) links; anything else is not made clickable. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : '#');

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1_048_576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
