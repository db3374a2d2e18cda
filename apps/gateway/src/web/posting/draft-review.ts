import { CATEGORIES, DRAFT_PARTS, type DraftPart } from '@marketplace/contracts';

import { checkBox, selectInput, textArea, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import type { FormState } from '../kit/page.js';
import { checkAgain, exposureList, isOpen, isWriting, type JobDraft } from './draft-interview.js';

/** The writing half of a draft's page: write, review part by part in order, acknowledge exposures, post. */

export const PART_NAMES: Record<DraftPart, string> = {
  evaluation: 'Job eval',
  summary: 'Title and category',
  details: 'Description',
  visibility: 'Who you appear as',
};

export const VISIBILITY_OPTIONS = [
  ['public', 'Public: your name, headline and photo'],
  ['anonymous', 'Anonymous poster'],
] as const;
const CATEGORY_OPTIONS = CATEGORIES.map((c) => [c, c[0]!.toUpperCase() + c.slice(1)] as const);
const categoryName = (category: string): string => CATEGORY_OPTIONS.find(([c]) => c === category)?.[1] ?? category;

export function writingPart(d: JobDraft): Raw {
  if (!isOpen(d)) return html``;
  const stale = d.postingStale
    ? html`<p class="notice error" id="stale">Your answers changed after the description was written. Write it again before approving or posting.</p>`
    : '';
  let action: Raw;
  if (d.missing.length) action = html`<p class="note">Answer the opening questions first; the description is written from them.</p>`;
  else if (isWriting(d)) action = html`<p class="status" data-pending>The description is being written.</p>${checkAgain(d)}`;
  else {
    action = html`<form method="post" action="/drafts/${d.id}/writing" id="write">
<p class="note">${d.posting ? 'Writing it again replaces the title, category and description and unapproves every part.' : 'Written from your answers and the research, with a job eval.'}</p>
<button type="submit"${(d.posting && !d.postingStale) || d.nextQuestion ? html` class="secondary"` : ''}>${d.posting ? 'Write the description again' : 'Write the job description'}</button>
</form>`;
  }
  return html`<section class="part" id="draft-writing" aria-labelledby="writing-heading">
<h2 id="writing-heading">The job description</h2>
${stale}${action}
</section>`;
}

const canApprove = (d: JobDraft): boolean => isOpen(d) && !d.postingStale && !isWriting(d);

function evaluationBody(d: JobDraft): Raw {
  const e = d.posting!.evaluation;
  return html`<p><strong>${e.score}/100.</strong> ${e.verdict}</p>
${e.strengths.length ? html`<h4>Strengths</h4><ul>${e.strengths.map((s) => html`<li>${s}</li>`)}</ul>` : ''}
${e.gaps.length ? html`<h4>What an applicant would still ask</h4><ul>${e.gaps.map((g) => html`<li>${g}</li>`)}</ul>` : ''}
${e.analyzed ? '' : html`<p class="note">Scored by the built-in checklist: no model is configured.</p>`}`;
}

function editPosting(d: JobDraft, state: FormState): Raw {
  if (!isOpen(d) || isWriting(d)) return html``;
  const p = d.posting!;
  return html`<details${state.form === 'posting' ? html` open` : ''}><summary>Edit the title, category or description</summary>
<form method="post" action="/drafts/${d.id}/posting" id="posting">
${textInput({ form: 'posting', name: 'title', label: 'Title', value: p.title, maxlength: 120, required: true }, state)}
${selectInput({ form: 'posting', name: 'category', label: 'Category', value: p.category, options: CATEGORY_OPTIONS }, state)}
${textArea({ form: 'posting', name: 'description', label: 'Description (Markdown)', value: p.description, maxlength: 4000, rows: 12, required: true }, state)}
<p class="note">An edited part must be approved again.</p>
<button type="submit">Save the edits</button>
</form></details>`;
}

function visibilityForm(d: JobDraft, state: FormState): Raw {
  if (!isOpen(d) || isWriting(d)) return html``;
  return html`<form method="post" action="/drafts/${d.id}/visibility" id="visibility">
${selectInput({ form: 'visibility', name: 'posterVisibility', label: 'Appear as', value: d.posterVisibility, options: VISIBILITY_OPTIONS }, state)}
<button type="submit" class="secondary">Change how you appear</button>
</form>`;
}

function partBody(d: JobDraft, part: DraftPart, state: FormState): Raw {
  const review = d.review;
  const p = d.posting!;
  switch (part) {
    case 'evaluation':
      return evaluationBody(d);
    case 'summary':
      return html`<p><strong>${p.title}</strong> <span class="tag">${categoryName(p.category)}</span></p><p>${p.summary}</p>`;
    case 'details':
      return html`<div class="markdown">${renderMarkdown(p.description)}</div>${editPosting(d, state)}`;
    case 'visibility':
      return html`<p>${review.visibility.text}</p>${visibilityForm(d, state)}`;
  }
}

/** Only the next part in order gets a button; the service refuses any other (409). */
export function reviewPart(d: JobDraft, state: FormState): Raw {
  const review = d.review;
  if (!d.posting) return html``;
  const next = canApprove(d) ? review.next : null;
  return html`<section class="part" id="draft-review" aria-labelledby="review-heading">
<h2 id="review-heading">Review, part by part</h2>
<p class="note">What becomes public, in four parts approved in order. Written by ${d.posting.writtenBy === 'template' ? 'the built-in template' : d.posting.writtenBy}.</p>
<ol class="review">${DRAFT_PARTS.map(
    (part) => html`<li id="part-${part}">
<h3>${PART_NAMES[part]} <span class="tag state">${review[part].approved ? 'approved' : 'waiting'}</span></h3>
${partBody(d, part, state)}
${
  part === next
    ? html`<form method="post" action="/drafts/${d.id}/approvals" id="approve-${part}">
<input type="hidden" name="part" value="${part}">
<button type="submit">Approve the ${PART_NAMES[part].toLowerCase()}</button>
</form>`
    : ''
}
</li>`,
  )}</ol>
</section>`;
}

export function postPart(d: JobDraft, state: FormState): Raw {
  if (!isOpen(d) || !d.posting) return html``;
  const secret = d.exposures.some((e) => e.kind === 'secret');
  const toAcknowledge = d.exposures.some((e) => e.kind !== 'secret');
  const ready = d.review.ready && canApprove(d);
  let action: Raw;
  if (secret) action = html`<p class="error">A credential is in the posting: edit the description to remove it before posting.</p>`;
  else if (!ready) action = html`<p class="note">Approve every part to post the job.</p>`;
  else {
    action = html`<form method="post" action="/drafts/${d.id}/post" id="post">
${toAcknowledge ? checkBox({ form: 'post', name: 'acknowledgeExposures', label: 'I have checked these details and want them public' }, state) : ''}
${textArea(
  {
    form: 'post',
    name: 'preferredWorkers',
    label: 'Preferred workers (optional)',
    rows: 3,
    hint: 'One member id, exact name or email a line, up to 10. They are told about the job and never named publicly.',
  },
  state,
)}
<button type="submit">Post the job</button>
</form>`;
  }
  return html`<section class="part" id="draft-post" aria-labelledby="post-heading">
<h2 id="post-heading">Post</h2>
${exposureList(d.exposures, 'Found in the posting:')}
${action}
</section>`;
}
