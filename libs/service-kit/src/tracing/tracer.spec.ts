import { createServer } from 'node:http';

import { afterEach, describe, expect, it } from 'vitest';

import { configureTracing, currentTraceparent, inSpan, parseTraceparent, stopTracing } from './tracer.js';

describe('tracer', () => {
  afterEach(async () => {
    await stopTracing();
    configureTracing('test', {});
  });

  it('reads W3C traceparents and refuses malformed ones', () => {
    expect(parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toEqual({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
    });
    for (const bad of [undefined, '', '01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', '00-xyz-b7ad6b7169203331-01']) {
      expect(parseTraceparent(bad)).toBeUndefined();
    }
  });

  it('records nothing without a collector', async () => {
    configureTracing('test', {});
    expect(await inSpan('work', { kind: 'internal' }, async () => currentTraceparent())).toBeUndefined();
  });

  it('exports nested spans of one trace to the collector by OTLP/HTTP JSON', async () => {
    const bodies: any[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push({ url: req.url, body: JSON.parse(Buffer.concat(chunks).toString()) });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    configureTracing('jobs', { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` });
    const parent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await inSpan('getJob', { kind: 'server', parent, attributes: { 'marketplace.request_id': 'r1' } }, async () => {
      await inSpan('db.query', { kind: 'client', onlyWithParent: true }, async () => undefined);
    });
    await inSpan('db.query', { kind: 'client', onlyWithParent: true }, async () => undefined);
    await stopTracing();
    server.close();

    expect(bodies).toHaveLength(1);
    expect(bodies[0].url).toBe('/v1/traces');
    const rs = bodies[0].body.resourceSpans[0];
    expect(rs.resource.attributes).toEqual([{ key: 'service.name', value: { stringValue: 'jobs' } }]);
    // The query outside any request started no trace.
    expect(rs.scopeSpans[0].spans).toHaveLength(2);
    const [query, served] = rs.scopeSpans[0].spans;
    expect(served).toMatchObject({ name: 'getJob', kind: 2, traceId: '0af7651916cd43dd8448eb211c80319c', parentSpanId: 'b7ad6b7169203331' });
    expect(served.attributes).toContainEqual({ key: 'marketplace.request_id', value: { stringValue: 'r1' } });
    expect(query).toMatchObject({ name: 'db.query', kind: 3, traceId: served.traceId, parentSpanId: served.spanId });
    expect(BigInt(served.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(served.startTimeUnixNano));
  });
});
