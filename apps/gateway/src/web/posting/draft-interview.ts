import { DRAFT_TASKS, type DraftTask, type getJobDraft, OPENING_QUESTIONS, type OutputOf } from '@marketplace/contracts';

import { textArea } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import type { FormState } from '../kit/page.js';

/** The interview half of a draft's page: background work, the next question, the answers so far, the research. */

export type JobDraft = OutputOf<typeof getJobDraft>;
type Exposure = JobDraft['exposures'][number];

const TASK_NAMES: Record<DraftTask, string> = {
  research: 'Research',
  followUps: 'Follow-up questions',
  writing: 'Writing the description',
};
const TASK_STATUS = { pending: 'working', ready: 'done', failed: 'failed' } as const;

/** A short answer limit the service also enforces; the browser stops longer text before it is sent. */
export const ANSWER_MAX = 2000;

export const isOpen = (d: JobDraft): boolean => d.status === 'open';
export const isWriting = (d: JobDraft): boolean => d.tasks.writing?.status === 'pending';

/** A link back to this same page: without JavaScript, the way to see whether pending work is done. */
export const checkAgain = (d: JobDraft): Raw =>
  html`<p><a href="${d.previewPath}">Check again</a> <span class="note">This part updates by itself when the work is done.</span></p>`;

export function tasksPart(d: JobDraft): Raw {
  const tasks = DRAFT_TASKS.flatMap((name) => {
    const task = d.tasks[name];
    return task ? [{ name, task }] : [];
  });
  if (!tasks.length) return html``;
  const pending = tasks.some(({ task }) => task.status === 'pending');
  return html`<section class="part" id="draft-tasks" aria-labelledby="tasks-heading"${pending ? html` data-pending` : ''}>
<h2 id="tasks-heading">Background work</h2>
<ul class="tasks">${tasks.map(
    ({ name, task }) =>
      html`<li><span class="status">${TASK_NAMES[name]}: ${task.step === 'unavailable' ? 'unavailable' : TASK_STATUS[task.status]}</span>${
        task.step ? html` <span class="note">· ${task.step}</span>` : ''
      }${task.error ? html`<br><span class="error">${task.error}</span>` : ''}</li>`,
  )}</ul>
${pending ? checkAgain(d) : ''}
</section>`;
}

/** A radio button per suggested answer, then the free-text answer that wins when filled. */
function choices(options: readonly string[], question: string, state: FormState): Raw {
  const chosen = state.form === 'answer' ? state.values?.choice : undefined;
  return html`<fieldset><legend>${question}</legend>
${options.map(
  (option, i) =>
    html`<p class="check"><input type="radio" id="answer-choice-${i}" name="choice" value="${option}"${
      option === chosen ? html` checked` : ''
    }> <label for="answer-choice-${i}">${option}</label></p>`,
)}
</fieldset>`;
}

export function questionPart(d: JobDraft, state: FormState): Raw {
  const q = d.nextQuestion;
  const key = q?.answerIds[0];
  if (!q || !key || !isOpen(d)) return html``;
  const numbered = q.number !== null && q.total !== null;
  const left = q.remaining === 0 ? 'This is the last question.' : `${q.remaining} more ${q.remaining === 1 ? 'question' : 'questions'} after this one.`;
  return html`<section class="part" id="draft-question" aria-labelledby="question-heading">
<h2 id="question-heading">${numbered ? `Question ${q.number} of ${q.total}` : 'Opening question'}</h2>
<p class="meta">${left}</p>
<form method="post" action="/drafts/${d.id}/answers" id="answer">
<input type="hidden" name="key" value="${key}">
${q.options.length ? choices(q.options, q.question, state) : ''}
${textArea(
  {
    form: 'answer',
    name: 'text',
    label: q.options.length ? 'Or answer in your own words' : q.question,
    hint: q.hint,
    errorKey: `answers.${key}`,
    maxlength: ANSWER_MAX,
    rows: 4,
    required: !q.options.length,
  },
  state,
)}
<button type="submit">Save the answer</button>
</form>
</section>`;
}

/** The questions asked so far that have an answer, opening ones first. */
function answered(d: JobDraft): { key: string; question: string }[] {
  return [
    ...Object.entries(OPENING_QUESTIONS).map(([key, q]) => ({ key, question: q.question })),
    ...d.followUps.map((f) => ({ key: f.id, question: f.question })),
  ].filter((q) => d.answers[q.key]);
}

/** Each answer's own change form keeps its own typed text and error when the service refuses it. */
function editState(state: FormState, key: string): FormState {
  return state.form === 'edit-answer' && state.values?.key === key ? { ...state, form: `edit-${key}` } : {};
}

export function answersPart(d: JobDraft, state: FormState): Raw {
  const asked = answered(d);
  if (!asked.length) return html``;
  return html`<section class="part" id="draft-answers" aria-labelledby="answers-heading">
<h2 id="answers-heading">Your answers</h2>
${exposureList(d.answerExposures, 'Found in your answers, masked here; change an answer to keep it out of the posting:')}
<dl class="answers">${asked.map((q) => {
    const mine = editState(state, q.key);
    return html`<dt>${q.question}</dt><dd><p class="answer">${d.answers[q.key]}</p>${
      isOpen(d)
        ? html`<details${mine.form ? html` open` : ''}>
<summary>Change this answer</summary>
<form method="post" action="/drafts/${d.id}/answers/edit" id="edit-${q.key}">
<input type="hidden" name="key" value="${q.key}">
${textArea({ form: `edit-${q.key}`, name: 'text', label: 'New answer', value: d.answers[q.key], errorKey: `answers.${q.key}`, maxlength: ANSWER_MAX, rows: 4, required: true }, mine)}
<button type="submit">Save the change</button>
</form></details>`
        : ''
    }</dd>`;
  })}</dl>
</section>`;
}

const sourceLink = (source: string): Raw =>
  /^https?:\/\/\S+$/.test(source) ? html`<a href="${source}" rel="noopener noreferrer">${source}</a>` : html`${source}`;

export function researchPart(d: JobDraft, state: FormState): Raw {
  const r = d.research;
  const task = d.tasks.research;
  if (!r && task?.step === 'unavailable') {
    return html`<section class="part" id="draft-research" aria-labelledby="research-heading">
<h2 id="research-heading">Research</h2>
<p class="note">${task.error ?? 'Research is unavailable.'}</p>
</section>`;
  }
  if (!r) return html``;
  return html`<section class="part" id="draft-research" aria-labelledby="research-heading">
<h2 id="research-heading">Research</h2>
<p>${r.summary}</p>
${r.facts.length ? html`<h3>Facts</h3><ul>${r.facts.map((f) => html`<li>${f}</li>`)}</ul>` : ''}
${r.sources.length ? html`<h3>Sources</h3><ul>${r.sources.map((s) => html`<li>${sourceLink(s)}</li>`)}</ul>` : ''}
${
  isOpen(d)
    ? html`<form method="post" action="/drafts/${d.id}/research-correction" id="research">
${textArea(
  {
    form: 'research',
    name: 'researchCorrection',
    label: 'What the research got wrong',
    value: d.researchCorrection,
    hint: 'Used when the description is written.',
    maxlength: ANSWER_MAX,
    rows: 3,
    required: true,
  },
  state,
)}
<button type="submit" class="secondary">Save the correction</button>
</form>`
    : ''
}
</section>`;
}

/** Personal or internal details (and credentials) the service found, masked as it sends them. */
export function exposureList(exposures: readonly Exposure[], intro: string): Raw {
  if (!exposures.length) return html``;
  return html`<div class="notice error"><p>${intro}</p><ul>${exposures.map(
    (e) => html`<li><strong>${e.label}</strong> (${e.kind === 'secret' ? 'a credential' : e.kind}) in ${e.field}: <code>${e.excerpt}</code></li>`,
  )}</ul></div>`;
}
