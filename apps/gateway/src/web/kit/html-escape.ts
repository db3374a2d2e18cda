/**
 * The one template engine of the server-rendered pages: the `html` tag escapes every interpolated
 * value for HTML text and attribute values, unless it is already `Raw` (a nested `html` result, or
 * markup made safe elsewhere, like the sanitised Markdown renderer's). Arrays are joined.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export class Raw {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function part(value: unknown): string {
  if (value instanceof Raw) return value.value;
  if (Array.isArray(value)) return value.map(part).join('');
  if (value === false || value === null || value === undefined) return '';
  return escapeHtml(value);
}

/** Template tag: interpolated values are escaped unless they are `Raw`; false, null and undefined render nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += part(v) + (strings[i + 1] ?? '');
  });
  return new Raw(out);
}

/** Markup that is already safe. Only for output of a sanitiser or of `html` itself. */
export const raw = (value: string): Raw => new Raw(value);
