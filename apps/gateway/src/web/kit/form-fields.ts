import { html, type Raw } from './html-escape.js';
import type { FormState } from './page.js';

/**
 * Labelled form controls that show the service's error for their field next to them (linked by
 * aria-describedby, flagged aria-invalid) and keep what the visitor typed when a form comes back.
 * `name` is the field's name in the operation's input, so a service's `fields` key lands here.
 */
export interface FieldSpec {
  /** The form this control belongs to (see FormState.form); ids are `${form}-${name}`. */
  form: string;
  name: string;
  label: string;
  value?: string | null | undefined;
  hint?: string;
  required?: boolean;
  maxlength?: number;
  /** The operation's field name when it differs from the control's name (e.g. a nested field). */
  errorKey?: string;
}

function errorOf(spec: FieldSpec, state: FormState): string | undefined {
  if (state.form !== spec.form) return undefined;
  return state.errors?.[spec.errorKey ?? spec.name];
}

function valueOf(spec: FieldSpec, state: FormState): string {
  if (state.form === spec.form && state.values && spec.name in state.values) return state.values[spec.name] ?? '';
  return spec.value ?? '';
}

function parts(spec: FieldSpec, state: FormState) {
  const id = `${spec.form}-${spec.name}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const error = errorOf(spec, state);
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attrs = html`id="${id}" name="${spec.name}"${spec.required ? html` required` : ''}${spec.maxlength ? html` maxlength="${spec.maxlength}"` : ''}${described ? html` aria-describedby="${described}"` : ''}${error ? html` aria-invalid="true"` : ''}`;
  const after = html`${spec.hint ? html`<p class="note" id="${id}-hint">${spec.hint}</p>` : ''}${error ? html`<p class="error field-error" id="${id}-error">${error}</p>` : ''}`;
  return { id, attrs, after, label: html`<label for="${id}">${spec.label}</label>` };
}

export function textInput(spec: FieldSpec & { type?: 'text' | 'email' | 'url' | 'number' | 'search'; autocomplete?: string }, state: FormState): Raw {
  const p = parts(spec, state);
  return html`${p.label}<input ${p.attrs} type="${spec.type ?? 'text'}" value="${valueOf(spec, state)}"${spec.autocomplete ? html` autocomplete="${spec.autocomplete}"` : ''}>${p.after}`;
}

export function textArea(spec: FieldSpec & { rows?: number }, state: FormState): Raw {
  const p = parts(spec, state);
  return html`${p.label}<textarea ${p.attrs} rows="${spec.rows ?? 6}">${valueOf(spec, state)}</textarea>${p.after}`;
}

export function selectInput(spec: FieldSpec & { options: readonly (readonly [string, string])[] }, state: FormState): Raw {
  const p = parts(spec, state);
  const current = valueOf(spec, state);
  return html`${p.label}<select ${p.attrs}>${spec.options.map(
    ([value, text]) => html`<option value="${value}"${value === current ? html` selected` : ''}>${text}</option>`,
  )}</select>${p.after}`;
}

/** A checkbox posts `on` when ticked and nothing otherwise. */
export function checkBox(spec: Omit<FieldSpec, 'value'> & { checked?: boolean }, state: FormState): Raw {
  const p = parts(spec as FieldSpec, state);
  const sent = state.form === spec.form && state.values ? state.values[spec.name] === 'on' : spec.checked;
  return html`<p class="check"><input ${p.attrs} type="checkbox"${sent ? html` checked` : ''}> <label for="${p.id}">${spec.label}</label></p>${p.after}`;
}

/** Whether a posted checkbox was ticked. */
export const ticked = (value: string | undefined): boolean => value === 'on';

/** A trimmed posted value, or undefined when empty (so optional fields stay unset). */
export const filled = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return v ? v : undefined;
};

/** Lines of a textarea, trimmed, empty lines dropped. */
export const lines = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
