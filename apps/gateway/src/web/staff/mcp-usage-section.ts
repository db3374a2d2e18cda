import { type getMcpToolUsage, MCP_USAGE_LIMITS, OTHER_MODEL, type OutputOf } from '@marketplace/contracts';

import { html, type Raw } from '../kit/layout.js';

/** The periods the console offers; the operation takes any 1-90. */
export const USAGE_DAY_CHOICES = [1, 7, 30, 90] as const;

/** The period asked for in `?days=`, else the operation's default. */
export function usageDaysOf(query: unknown): number {
  const days = Number((query as { days?: unknown } | undefined)?.days);
  return (USAGE_DAY_CHOICES as readonly number[]).includes(days) ? days : MCP_USAGE_LIMITS.defaultDays;
}

type Usage = OutputOf<typeof getMcpToolUsage>;
interface Sums {
  calls: number;
  callsWithContext: number;
}

const modelName = (model: string | null): string =>
  model === null ? 'not given' : model === OTHER_MODEL ? "other (not a model id, or past the day's bound)" : model;

function table<T extends Sums>(caption: string, heads: string[], rows: T[], cells: (r: T) => (string | Raw)[]): Raw {
  if (!rows.length) return html`<p class="note">No calls in this period.</p>`;
  return html`<div class="table-wrap"><table><caption>${caption}</caption>
<thead><tr>${[...heads, 'Calls', 'With context'].map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows.map((r) => html`<tr>${[...cells(r), String(r.calls), String(r.callsWithContext)].map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody></table></div>`;
}

/**
 * The staff console's count of MCP tool calls (getMcpToolUsage): by model, by tool and by both,
 * for the chosen period. Counts only; the model ids are shown as agents gave them, escaped.
 */
export function mcpUsageSection(usage: Usage, days: number): Raw {
  return html`
<p class="note">Agents' tool calls, counted by tool and by the <code>llm_model</code> they gave, today (UTC) and the days before.
No member and no context text is kept, only whether a call gave context; counts older than ${MCP_USAGE_LIMITS.maxDays} days are deleted.</p>
<nav aria-label="Period"><p>${USAGE_DAY_CHOICES.map((d) =>
    d === days
      ? html`<strong aria-current="page">${d === 1 ? 'today' : `${d} days`}</strong> `
      : html`<a href="/admin/mcp-usage?days=${d}">${d === 1 ? 'today' : `${d} days`}</a> `,
  )}</p></nav>
<p>${usage.calls} calls from ${usage.since} to ${usage.until}, ${usage.callsWithContext} with context.</p>
<h2>By model</h2>
${table('Tool calls by model', ['Model'], usage.byModel, (r) => [modelName(r.model)])}
<h2>By tool</h2>
${table('Tool calls by tool', ['Tool'], usage.byTool, (r) => [r.tool])}
<h2>By tool and model</h2>
${table('Tool calls by tool and model', ['Tool', 'Model'], usage.byToolAndModel, (r) => [r.tool, modelName(r.model)])}
${usage.truncated ? html`<p class="note">Only the ${MCP_USAGE_LIMITS.maxAnswerRows} largest rows are shown.</p>` : ''}`;
}
