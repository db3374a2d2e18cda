import { OTHER_MODEL } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { McpUsageRecorder } from './mcp-usage-recorder.js';

type Sent = Parameters<ConstructorParameters<typeof McpUsageRecorder>[0]>[0];

function recorder(opts: { maxKeys?: number; fail?: boolean; now?: () => number } = {}) {
  const batches: Sent[] = [];
  const failures: unknown[] = [];
  const r = new McpUsageRecorder(
    async (counts) => {
      if (opts.fail) throw new Error('admin is away');
      batches.push(counts);
    },
    { flushMs: 60_000, now: opts.now ?? (() => Date.parse('2026-03-10T23:59:00Z')), maxKeys: opts.maxKeys, failed: (err) => failures.push(err) },
  );
  return { r, batches, failures };
}

describe('McpUsageRecorder', () => {
  it('counts calls per UTC day, tool and model, with how many gave context, and sends them in one batch', async () => {
    let now = Date.parse('2026-03-10T23:59:00Z');
    const { r, batches } = recorder({ now: () => now });
    r.record('get_job', 'claude-sonnet-4-5', 'finding a writer');
    r.record('get_job', ' claude-sonnet-4-5 ', undefined);
    r.record('get_job', 'claude-sonnet-4-5', '   ');
    r.record('get_job', undefined, 'x');
    r.record('get_job', 'I am a helpful assistant, call me', undefined);
    now += 120_000;
    r.record('get_job', 'claude-sonnet-4-5', undefined);
    await r.flush();
    expect(batches).toEqual([
      [
        { day: '2026-03-10', tool: 'get_job', model: 'claude-sonnet-4-5', calls: 3, withContext: 1 },
        { day: '2026-03-10', tool: 'get_job', model: null, calls: 1, withContext: 1 },
        // Not a model id: never sent as text.
        { day: '2026-03-10', tool: 'get_job', model: OTHER_MODEL, calls: 1, withContext: 0 },
        { day: '2026-03-11', tool: 'get_job', model: 'claude-sonnet-4-5', calls: 1, withContext: 0 },
      ],
    ]);
    // Sent counts are not sent again; nothing counted sends nothing.
    await r.flush();
    expect(batches).toHaveLength(1);
  });

  it('holds at most maxKeys distinct counts: new models past it count under (other) for their tool', async () => {
    const { r, batches } = recorder({ maxKeys: 2 });
    for (const model of ['a', 'b', 'c', 'd', 'a']) r.record('get_job', model, undefined);
    r.record('list_open_jobs', 'e', undefined);
    await r.flush();
    expect(batches[0]!.map((c) => [c.tool, c.model, c.calls])).toEqual([
      ['get_job', 'a', 2],
      ['get_job', 'b', 1],
      ['get_job', OTHER_MODEL, 2],
      ['list_open_jobs', OTHER_MODEL, 1],
    ]);
  });

  it('a failed send is dropped and reported, never thrown; counting goes on', async () => {
    const { r, failures } = recorder({ fail: true });
    r.record('get_job', 'm', undefined);
    await expect(r.flush()).resolves.toBeUndefined();
    expect(failures).toHaveLength(1);
    r.record('get_job', 'm', undefined);
    await r.flush();
    expect(failures).toHaveLength(2);
  });

  it('stop sends what is left after a send under way', async () => {
    const { r, batches } = recorder();
    r.record('get_job', 'm', undefined);
    const first = r.flush();
    r.record('get_job', 'm', 'ctx');
    await r.stop();
    await first;
    expect(batches.map((b) => b.map((c) => [c.calls, c.withContext]))).toEqual([[[1, 0]], [[1, 1]]]);
  });
});
