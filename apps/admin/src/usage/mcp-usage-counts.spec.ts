import { MCP_USAGE_LIMITS, OTHER_MODEL } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { dayBefore, foldCounts, summarizeUsage, type ToolCallCount, usageKey } from './mcp-usage-counts.js';

const today = '2026-03-10';
const count = (over: Partial<ToolCallCount> = {}): ToolCallCount => ({ day: today, tool: 'get_job', model: 'm-1', calls: 1, withContext: 0, ...over });
const empty = { keys: new Set<string>(), rowsPerDay: new Map<string, number>() };

describe('foldCounts: a gateway batch added to the daily rows', () => {
  it('sums counts of the same day, tool and model into one row, and keeps the rest apart', () => {
    const out = foldCounts(
      [count({ calls: 2, withContext: 1 }), count({ calls: 3 }), count({ model: null }), count({ tool: 'list_open_jobs' }), count({ day: '2026-03-09' })],
      empty,
      today,
    );
    expect(out).toEqual([count({ calls: 5, withContext: 1 }), count({ model: null }), count({ tool: 'list_open_jobs' }), count({ day: '2026-03-09' })]);
  });

  it('counts a model new to a full day under (other) for its tool; models the day already has keep counting', () => {
    const stored = { keys: new Set([usageKey(count({ model: 'known' }))]), rowsPerDay: new Map([[today, 3]]) };
    const out = foldCounts(
      [
        count({ model: 'known', calls: 4 }),
        count({ model: 'new-a', calls: 2, withContext: 2 }),
        count({ model: 'new-b' }),
        count({ model: 'new-a', tool: 'get_job_work' }),
        count({ day: '2026-03-09', model: 'new-a' }),
      ],
      stored,
      today,
      3,
    );
    expect(out).toEqual([
      count({ model: 'known', calls: 4 }),
      count({ model: OTHER_MODEL, calls: 3, withContext: 2 }),
      count({ model: OTHER_MODEL, tool: 'get_job_work' }),
      // Another day has room of its own.
      count({ day: '2026-03-09', model: 'new-a' }),
    ]);
  });

  it('fills a day up to the bound within one batch, then folds', () => {
    const out = foldCounts([count({ model: 'a' }), count({ model: 'b' }), count({ model: 'c' }), count({ model: 'a' })], empty, today, 2);
    expect(out.map((c) => [c.model, c.calls])).toEqual([
      ['a', 2],
      ['b', 1],
      [OTHER_MODEL, 1],
    ]);
  });

  it('drops days outside what is kept: older than the retention, or after tomorrow', () => {
    const oldest = dayBefore(today, MCP_USAGE_LIMITS.maxDays - 1);
    const out = foldCounts(
      [count({ day: oldest }), count({ day: dayBefore(oldest, 1) }), count({ day: '2026-03-11' }), count({ day: '2026-03-12' })],
      empty,
      today,
    );
    expect(out.map((c) => c.day)).toEqual([oldest, '2026-03-11']);
  });
});

describe('summarizeUsage: the staff answer', () => {
  const rows = [
    { tool: 'get_job', model: 'm-1', calls: 5, withContext: 2 },
    { tool: 'get_job', model: '', calls: 1, withContext: 0 },
    { tool: 'list_open_jobs', model: 'm-1', calls: 3, withContext: 3 },
    { tool: 'list_open_jobs', model: 'm-2', calls: 3, withContext: 0 },
    // Another day's row of the same tool and model.
    { tool: 'get_job', model: 'm-1', calls: 2, withContext: 0 },
  ];

  it('sums by tool, by model and by both, most calls first, null for calls that gave no model', () => {
    expect(summarizeUsage(rows)).toEqual({
      calls: 14,
      callsWithContext: 5,
      byTool: [
        { tool: 'get_job', calls: 8, callsWithContext: 2 },
        { tool: 'list_open_jobs', calls: 6, callsWithContext: 3 },
      ],
      byModel: [
        { model: 'm-1', calls: 10, callsWithContext: 5 },
        { model: 'm-2', calls: 3, callsWithContext: 0 },
        { model: null, calls: 1, callsWithContext: 0 },
      ],
      byToolAndModel: [
        { tool: 'get_job', model: 'm-1', calls: 7, callsWithContext: 2 },
        // Equal counts read in name order.
        { tool: 'list_open_jobs', model: 'm-1', calls: 3, callsWithContext: 3 },
        { tool: 'list_open_jobs', model: 'm-2', calls: 3, callsWithContext: 0 },
        { tool: 'get_job', model: null, calls: 1, callsWithContext: 0 },
      ],
      truncated: false,
    });
  });

  it('cuts the long lists at maxRows and says so; the totals and byTool stay whole', () => {
    const out = summarizeUsage(rows, 2);
    expect(out.byModel.map((m) => m.model)).toEqual(['m-1', 'm-2']);
    expect(out.byToolAndModel).toHaveLength(2);
    expect(out.byTool).toHaveLength(2);
    expect(out).toMatchObject({ calls: 14, truncated: true });
    expect(summarizeUsage([])).toEqual({ calls: 0, callsWithContext: 0, byTool: [], byModel: [], byToolAndModel: [], truncated: false });
  });
});
