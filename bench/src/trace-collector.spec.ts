import { describe, expect, it } from 'vitest';

import { breakDown, type CollectedSpan, TraceCollector, waitsSummary } from './trace-collector.js';

const span = (id: string, parent: string | undefined, name: string, kind: number, startMs: number, endMs: number): CollectedSpan => ({
  traceId: 't1',
  spanId: id,
  ...(parent ? { parentSpanId: parent } : {}),
  name,
  kind,
  service: 'x',
  startMs,
  endMs,
});

describe('breakDown', () => {
  it('gives each stretch of a request to its innermost open spans', () => {
    // The route (0-100) calls a service (10-60) whose handler (20-50) runs a statement (25-45);
    // then the route runs a statement of its own (70-80).
    const [t] = breakDown([
      span('root', undefined, 'POST /api/jobs', 2, 0, 100),
      span('call', 'root', 'send jobs.post', 3, 10, 60),
      span('handler', 'call', 'postJob', 2, 20, 50),
      span('q1', 'handler', 'db.query', 3, 25, 45),
      span('q2', 'root', 'db.query', 3, 70, 80),
    ]);
    expect(t).toMatchObject({ root: 'POST /api/jobs', ms: 100, statements: 2, statementSpanMs: 30, busCalls: 1 });
    // Statements 20 + 10; between services 10-20 and 50-60; handlers: the route's 0-10, 60-70, 80-100 and the handler's 20-25, 45-50.
    expect(t!.split).toEqual({ statements: 30, betweenServices: 20, inHandlers: 50 });
    expect(t!.chain.map((c) => [c.atMs, c.what])).toEqual([
      [10, 'send jobs.post'],
      [20, 'postJob'],
      [25, 'db.query'],
      [70, 'db.query'],
    ]);
  });

  it('counts overlapping bus calls once, and a statement before a bus call', () => {
    const [t] = breakDown([
      span('root', undefined, 'POST /api/applications', 2, 0, 40),
      span('a', 'root', 'send identity.card', 3, 0, 30),
      span('b', 'root', 'send jobs.get', 3, 10, 20),
      span('q', 'root', 'db.query', 3, 15, 25),
    ]);
    expect(t!.split).toEqual({ statements: 10, betweenServices: 20, inHandlers: 10 });
  });

  it('leaves out traces whose root did not arrive', () => {
    expect(breakDown([span('a', 'gone', 'db.query', 3, 0, 1)])).toEqual([]);
  });
});

describe('TraceCollector', () => {
  it('receives OTLP JSON over HTTP and gives each span once', async () => {
    const collector = await TraceCollector.start();
    try {
      const body = {
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'jobs' } }] },
            scopeSpans: [
              { spans: [{ traceId: 't', spanId: 's', name: 'listOpenJobs', kind: 2, startTimeUnixNano: '1000000000', endTimeUnixNano: '1002500000' }] },
            ],
          },
        ],
      };
      const res = await fetch(`${collector.endpoint}/v1/traces`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      const spans = collector.take();
      expect(spans).toEqual([{ traceId: 't', spanId: 's', name: 'listOpenJobs', kind: 2, service: 'jobs', startMs: 1000, endMs: 1002.5 }]);
      expect(collector.take()).toEqual([]);
      expect(waitsSummary('over 100 ms', breakDown(spans))).toMatch(/^over 100 ms: 1 requests, mean 2\.5 ms/);
    } finally {
      await collector.stop();
    }
  });
});
