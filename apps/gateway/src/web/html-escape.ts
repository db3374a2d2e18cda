/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Template tag: interpolated values are escaped unless wrapped with `raw`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += (v instanceof Raw ? v.value : Array.isArray(v) ? v.map((x) => (x instanceof Raw ? x.value : escapeHtml(x))).join('') : escapeHtml(v)) + (strings[i + 1] ?? '');
  });
  return new Raw(out);
}

export class Raw {
  constructor(readonly value: string) {}
}

export const raw = (value: string): Raw => new Raw(value);

/** Server-rendered pages: no scripts at all, forms post to the same origin. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
