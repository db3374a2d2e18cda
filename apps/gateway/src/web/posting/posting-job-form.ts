import { CATEGORIES, CATEGORY_NAMES, type Exposure, findExposures, type Job } from '@marketplace/contracts';

import { checkBox, filled, lines, selectInput, textArea, textInput, ticked } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import type { FormState } from '../kit/page.js';

/**
 * The job form shared by posting and editing: the fields of postJob/editJob by their operation
 * names (so a service's field error lands next to its field), the Markdown preview the
 * job-preview script keeps live, and the acknowledgement of exposures the service asked for.
 */

export const JOB_FORM = 'job';

/** Where the form is sent, and where its no-JavaScript Preview button sends it instead. */
export interface JobFormTarget {
  action: string;
  previewAction: string;
  submitLabel: string;
}

const VISIBILITIES = [
  ['public', 'Public: my name is shown on the job'],
  ['anonymous', 'Anonymous: shown as an anonymous poster'],
] as const;

/** The operation's fields from the posted form; empty optional fields stay unset. */
export function jobFields(form: Record<string, string | undefined>) {
  const preferred = lines(form.preferredWorkers);
  return {
    title: form.title ?? '',
    category: form.category ?? '',
    constraints: form.constraints ?? '',
    posterVisibility: filled(form.posterVisibility),
    ...(preferred.length ? { preferredWorkers: preferred } : {}),
    ...(ticked(form.acknowledgeExposures) ? { acknowledgeExposures: true } : {}),
  };
}

/**
 * Personal or internal details in the text the service refused: the same scan the jobs service
 * runs, so the tick box appears exactly when acknowledging them would let the job through.
 */
function refusedExposures(state: FormState): Exposure[] {
  if (state.form !== JOB_FORM || !state.errors || !state.values) return [];
  if (!state.errors.title && !state.errors.constraints) return [];
  return [...findExposures(state.values.title ?? '', 'title'), ...findExposures(state.values.constraints ?? '', 'constraints')];
}

function exposureBox(state: FormState): Raw {
  const exposures = refusedExposures(state);
  if (!exposures.length) return html``;
  return html`<fieldset class="notice" id="job-exposures"><legend>Details that would become public</legend>
<ul>${exposures.map((e) => html`<li>${e.field === 'title' ? 'Title' : 'Description'}: a ${e.kind} detail (${e.label}: <code>${e.excerpt}</code>)</li>`)}</ul>
${checkBox({ form: JOB_FORM, name: 'acknowledgeExposures', label: 'I know these details will be public; publish them anyway' }, state)}
</fieldset>`;
}

export const EMPTY_PREVIEW = html`<p class="note">Write a description to see it here as the job page shows it.</p>`;

/** The preview of the description as the job page will show it (the same renderer). */
export function previewSection(markdown: string | undefined): Raw {
  const source = markdown?.trim() ?? '';
  return html`<section class="part" aria-labelledby="job-preview-heading">
<h2 id="job-preview-heading">Preview of the description</h2>
<div class="markdown preview" id="job-preview">${source ? renderMarkdown(source) : EMPTY_PREVIEW}</div>
</section>`;
}

/** The form's fields around `job` (when editing), with what the visitor sent last taking precedence. */
export function jobForm(target: JobFormTarget, state: FormState, job?: Job, extra: Raw = html``): Raw {
  return html`<form method="post" action="${target.action}" id="job-form" class="job-form" novalidate>
${extra}
${textInput({ form: JOB_FORM, name: 'title', label: 'Title', value: job?.title, required: true, maxlength: 120 }, state)}
${selectInput(
  {
    form: JOB_FORM,
    name: 'category',
    label: 'Category',
    value: job?.category ?? '',
    required: true,
    options: [['', 'Choose a category'], ...CATEGORIES.map((c) => [c, CATEGORY_NAMES[c]] as const)],
  },
  state,
)}
${textArea(
  {
    form: JOB_FORM,
    name: 'constraints',
    label: 'Description (Markdown)',
    value: job?.constraints,
    required: true,
    maxlength: 4000,
    rows: 12,
    hint: 'Use ## headings for Scope, Deliverables, Timeline, Access and Proof of work. Links and lists work; images and HTML do not.',
  },
  state,
)}
<p><button type="submit" class="secondary" formaction="${target.previewAction}" id="job-preview-button">Preview</button></p>
${selectInput(
  {
    form: JOB_FORM,
    name: 'posterVisibility',
    label: 'Who you appear as',
    value: job?.posterVisibility ?? 'public',
    options: VISIBILITIES,
    hint: job ? 'Showing your name once cannot be undone by turning anonymous later.' : undefined,
  },
  state,
)}
${textArea(
  {
    form: JOB_FORM,
    name: 'preferredWorkers',
    label: 'Preferred workers (optional)',
    rows: 3,
    hint: job
      ? 'One member id, exact name or email per line, added to those already named (at most 10 in all). They are told about the job and never named publicly.'
      : 'One member id, exact name or email per line, at most 10. They are told about the job and never named publicly.',
  },
  state,
)}
${exposureBox(state)}
<p><button type="submit" id="job-submit">${target.submitLabel}</button></p>
</form>`;
}
