/**
 * The text a tool result shows a model. Most clients give their model a result's text content, not
 * its structuredContent, so the text is a concise rendering of the same data: one `key: value` line
 * per field, nested records indented, empty fields (null, empty lists) left out; text of several
 * lines kept as written (a YAML block) when the whole result fits, else cut short with its length. The whole result stays in structuredContent, and a client
 * that shows only text can ask for it whole (`/api/mcp?text=json`).
 *
 * A rendering stays within TEXT_BUDGET_BYTES: strings are cut shorter until it fits, and a list
 * that still does not fit ends early, saying how many items were left out.
 */
export const TEXT_BUDGET_BYTES = 8 * 1024;

/**
 * How long a string may run, tried in turn until the rendering fits its budget: whole first (a
 * guide or a job's Markdown is read as written), then cut shorter and shorter.
 */
const STRING_LIMITS = [Infinity, 600, 300, 160, 80, 40] as const;

/** How a tool's result text is written: concise (the default) or the whole result as JSON. */
export type ResultTextMode = 'concise' | 'json';

export const RESULT_TEXT_MODES: readonly ResultTextMode[] = ['concise', 'json'];

/** What the rendering needs of the call, to say where the next page is. */
export interface PageContext {
  tool: string;
  /** The call's own arguments, by their MCP names. */
  args: Record<string, unknown>;
}

export function resultText(data: unknown, page?: PageContext, budget = TEXT_BUDGET_BYTES): string {
  const next = page ? nextPageLine(data, page) : undefined;
  const room = budget - (next ? Buffer.byteLength(next) + 1 : 0);
  let text = '';
  for (const limit of STRING_LIMITS) {
    text = render(data, limit);
    if (Buffer.byteLength(text) <= room) return next ? `${text}\n${next}` : text;
  }
  return [cutToBudget(text, room), next].filter(Boolean).join('\n');
}

function render(data: unknown, limit: number): string {
  if (data === undefined) return 'Done.';
  if (data === null || typeof data !== 'object') return scalar(data, limit, '');
  return lines(data, limit, '').join('\n') || (Array.isArray(data) ? '(none)' : 'Done.');
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

function scalar(v: unknown, limit: number, indent: string): string {
  if (typeof v !== 'string') return String(v);
  if (limit === Infinity && v.includes('\n')) {
    return `|\n${v
      .trimEnd()
      .split('\n')
      .map((line) => (line ? `${indent}  ${line}` : ''))
      .join('\n')}`;
  }
  const flat = v.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  return `${flat.slice(0, limit).trimEnd()}… (${flat.length} characters in all)`;
}

function isScalarList(v: unknown[]): boolean {
  return v.every((x) => x === null || typeof x !== 'object');
}

function lines(value: object, limit: number, indent: string): string[] {
  if (Array.isArray(value)) return listLines(value, limit, indent);
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (isEmpty(v)) continue;
    if (typeof v !== 'object') {
      out.push(`${indent}${key}: ${scalar(v, limit, indent)}`);
    } else if (Array.isArray(v) && isScalarList(v)) {
      out.push(`${indent}${key}: ${v.map((x) => scalar(x, Math.min(limit, 600), indent)).join(', ')}`);
    } else if (Array.isArray(v)) {
      out.push(`${indent}${key} (${v.length}):`, ...listLines(v, limit, indent));
    } else {
      const inner = lines(v, limit, `${indent}  `);
      if (inner.length) out.push(`${indent}${key}:`, ...inner);
    }
  }
  return out;
}

function listLines(items: unknown[], limit: number, indent: string): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object') {
      out.push(`${indent}- ${scalar(item, Math.min(limit, 600), indent)}`);
      continue;
    }
    const inner = lines(item, limit, `${indent}  `);
    if (!inner.length) continue;
    // The item's first field shares the dash's line, as YAML writes it.
    out.push(`${indent}- ${inner[0]!.trimStart()}`, ...inner.slice(1));
  }
  return out;
}

/**
 * The rendering within `room` bytes: every top-level field's line stays (a list keeps its header
 * and count), nested lines are kept in order while they fit, and a last line says how many were
 * left out.
 */
function cutToBudget(text: string, room: number): string {
  const all = text.split('\n');
  const topLevel = (line: string) => !line.startsWith(' ') && !line.startsWith('- ');
  const note = (left: number) => `… ${left} more lines: the whole result is in structuredContent.result`;
  let used = Buffer.byteLength(note(all.length)) + 1;
  for (const line of all) if (topLevel(line)) used += Buffer.byteLength(line) + 1;
  const kept: string[] = [];
  let full = false;
  for (const line of all) {
    if (topLevel(line)) {
      kept.push(line);
      continue;
    }
    const size = Buffer.byteLength(line) + 1;
    // Once a nested line does not fit, none after it is kept: an item is never shown in part.
    if (full || used + size > room) {
      full = true;
      continue;
    }
    kept.push(line);
    used += size;
  }
  return [...kept, note(all.length - kept.length)].join('\n');
}

/**
 * Where the next page is, for a list result: `nextOffset` when the result names it, else from
 * `total` and the page's offset and length.
 */
function nextPageLine(data: unknown, { tool, args }: PageContext): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.nextOffset === 'number') return `More: call ${tool} with offset ${d.nextOffset} for the next page.`;
  if (typeof d.total !== 'number') return undefined;
  const list = Object.values(d).find(Array.isArray);
  if (!list) return undefined;
  const offset = typeof args.offset === 'number' ? args.offset : 0;
  const shown = offset + list.length;
  if (list.length === 0 || shown >= d.total) return undefined;
  return `More: ${offset + 1}-${shown} of ${d.total} shown; call ${tool} with offset ${shown} for the next page.`;
}
