import { TOOL_GROUPS, type ToolGroup } from './mcp-tools.js';
import { RESULT_TEXT_MODES, type ResultTextMode } from './result-text.js';

/** `?tools=hiring,work`: the groups to list; an unknown name is refused, naming the known ones. */
export function toolGroupsOf(query: unknown): ReadonlySet<ToolGroup> | null | Error {
  const raw = (query as { tools?: unknown } | undefined)?.tools;
  if (raw === undefined) return null;
  const names = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !Object.hasOwn(TOOL_GROUPS, n));
  if (unknown.length || !names.length) {
    return new Error(
      `tools= takes tool groups separated by commas: ${Object.keys(TOOL_GROUPS).join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}.`,
    );
  }
  return new Set(names as ToolGroup[]);
}

/** `?text=json`: tool results' text is the whole result as JSON, for clients that show their model only text. */
export function textModeOf(query: unknown): ResultTextMode | Error {
  const raw = (query as { text?: unknown } | undefined)?.text;
  if (raw === undefined) return 'concise';
  return RESULT_TEXT_MODES.includes(raw as ResultTextMode)
    ? (raw as ResultTextMode)
    : new Error(`text= takes ${RESULT_TEXT_MODES.join(' or ')}: concise renders each result for reading (the default), json gives it whole.`);
}
