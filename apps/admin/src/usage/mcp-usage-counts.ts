import { type getMcpToolUsage, type InputOf, MCP_USAGE_LIMITS, OTHER_MODEL, type OutputOf, type recordMcpToolCalls } from '@marketplace/contracts';

/**
 * The rules of the MCP tool-call counts, apart from SQL so they are tested alone: how a batch from
 * the gateways is folded into the daily rows under the bound, and how the rows of a period are
 * summed for staff.
 */

export type ToolCallCount = InputOf<typeof recordMcpToolCalls>['counts'][number];

/** The stored key of a count: model '' when none was given, as in the table. */
export function usageKey(c: Pick<ToolCallCount, 'day' | 'tool' | 'model'>): string {
  return `${c.day}\n${c.tool}\n${c.model ?? ''}`;
}

/** What the table holds already for the days of a batch. */
export interface StoredUsage {
  /** Keys (usageKey) of the batch that have a row. */
  keys: ReadonlySet<string>;
  /** Rows per day. */
  rowsPerDay: ReadonlyMap<string, number>;
}

/** Today in UTC, as YYYY-MM-DD: the gateway counts calls by the same day. */
export function utcToday(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** A UTC day, `back` days before `day`. */
export function dayBefore(day: string, back: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The counts to add, one per key. A key new to a day that already holds `maxRowsPerDay` rows is
 * counted under OTHER_MODEL for its tool instead (one more row per tool at most), so the rows of a
 * day stay bounded however many model ids agents send. Days outside what is kept (older than
 * maxDays, or after tomorrow: a gateway's clock far off) are dropped, since they would only be pruned.
 */
export function foldCounts(
  counts: readonly ToolCallCount[],
  stored: StoredUsage,
  today: string,
  maxRowsPerDay: number = MCP_USAGE_LIMITS.maxRowsPerDay,
): ToolCallCount[] {
  const oldest = dayBefore(today, MCP_USAGE_LIMITS.maxDays - 1);
  const latest = dayBefore(today, -1);
  const rows = new Map(stored.rowsPerDay);
  const out = new Map<string, ToolCallCount>();
  const isNew = (key: string) => !stored.keys.has(key) && !out.has(key);
  for (const c of counts) {
    if (c.day < oldest || c.day > latest) continue;
    let model = c.model;
    let key = usageKey(c);
    if (isNew(key) && model !== OTHER_MODEL && (rows.get(c.day) ?? 0) >= maxRowsPerDay) {
      model = OTHER_MODEL;
      key = usageKey({ ...c, model });
    }
    const found = out.get(key);
    if (found) {
      found.calls += c.calls;
      found.withContext += c.withContext;
      continue;
    }
    if (!stored.keys.has(key)) rows.set(c.day, (rows.get(c.day) ?? 0) + 1);
    out.set(key, { day: c.day, tool: c.tool, model, calls: c.calls, withContext: c.withContext });
  }
  return [...out.values()];
}

/** One tool and model's sums over the period, as the table's query answers them. */
export interface UsageRow {
  tool: string;
  /** '' when none was given, as stored. */
  model: string;
  calls: number;
  withContext: number;
}

type UsageSummary = Omit<OutputOf<typeof getMcpToolUsage>, 'since' | 'until'>;
interface Sums {
  calls: number;
  callsWithContext: number;
}

/** Most calls first; ties by name, so the same counts always read in the same order. */
function byCalls<T extends Sums>(name: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => b.calls - a.calls || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);
}

function add(to: Map<string, Sums>, key: string, row: UsageRow): void {
  const sums = to.get(key) ?? { calls: 0, callsWithContext: 0 };
  sums.calls += row.calls;
  sums.callsWithContext += row.withContext;
  to.set(key, sums);
}

/** The period's rows summed by tool, by model and by both, the long lists cut at `maxRows`. */
export function summarizeUsage(rows: readonly UsageRow[], maxRows: number = MCP_USAGE_LIMITS.maxAnswerRows): UsageSummary {
  const tools = new Map<string, Sums>();
  const models = new Map<string, Sums>();
  const pairs = new Map<string, Sums & { tool: string; model: string | null }>();
  const total: Sums = { calls: 0, callsWithContext: 0 };
  for (const row of rows) {
    add(tools, row.tool, row);
    add(models, row.model, row);
    // Rows of several days may name the same tool and model: summed as one.
    const pairKey = `${row.tool}\n${row.model}`;
    const pair = pairs.get(pairKey) ?? { tool: row.tool, model: row.model || null, calls: 0, callsWithContext: 0 };
    pair.calls += row.calls;
    pair.callsWithContext += row.withContext;
    pairs.set(pairKey, pair);
    total.calls += row.calls;
    total.callsWithContext += row.withContext;
  }
  const byModel = [...models].map(([model, sums]) => ({ model: model || null, ...sums })).sort(byCalls((m) => m.model ?? ''));
  const byToolAndModel = [...pairs.values()].sort(byCalls((p) => `${p.tool}\n${p.model ?? ''}`));
  return {
    ...total,
    byTool: [...tools].map(([tool, sums]) => ({ tool, ...sums })).sort(byCalls((t) => t.tool)),
    byModel: byModel.slice(0, maxRows),
    byToolAndModel: byToolAndModel.slice(0, maxRows),
    truncated: byModel.length > maxRows || byToolAndModel.length > maxRows,
  };
}
