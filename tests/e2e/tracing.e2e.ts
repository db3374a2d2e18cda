import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

import { getPublicJob } from '@marketplace/contracts';
import { api, createMember, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * Traces exported by OTLP when a collector is configured: one trace from the gateway through the
 * NATS hop into the service and its database queries, with the request id on the spans.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const control = inject('controlUrl');

type OtlpValue = { stringValue?: string; intValue?: string };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
interface Received {
  service: string;
  span: OtlpSpan;
}

const attr = (s: OtlpSpan, key: string): string | undefined => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};

async function restart(app: string, env: Record<string, string>): Promise<void> {
  expect((await fetch(`${control}/stop/${app}`, { method: 'POST' })).status).toBe(204);
  const res = await fetch(`${control}/start/${app}`, { method: 'POST', body: JSON.stringify(env) });
  expect(res.status, await res.text()).toBe(204);
}

describe('OpenTelemetry traces across the bus', () => {
  const received: Received[] = [];
  let collector: Server;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
          };
          for (const rs of body.resourceSpans) {
            const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
            for (const ss of rs.scopeSpans) for (const span of ss.spans) received.push({ service, span });
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    const address = collector.address();
    const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await restart('jobs', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    await restart('gateway', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
  }, 180_000);

  afterAll(async () => {
    await restart('gateway', {});
    await restart('jobs', {});
    collector?.close();
  }, 180_000);

  it('follows a request from the gateway through NATS to the database, with its request id', async () => {
    const member = await createMember(nats);
    const posted = await api(base, '/api/me/jobs', { key: member.key, body: { title: 'Traced job', category: 'data', constraints: 'Follow me.' } });
    expect(posted.status).toBe(201);
    const res = await api(base, `/api/jobs/${posted.body.id}`);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id')!;

    const root = await until(
      () => received.find((r) => r.service === 'gateway' && attr(r.span, 'marketplace.request_id') === requestId && r.span.kind === 2)?.span,
      { timeoutMs: 10_000, what: 'the gateway span' },
    );
    expect(root.name).toBe('GET /api/jobs/{id}');
    const trace = () => received.filter((r) => r.span.traceId === root.traceId);
    const served = await until(() => trace().find((r) => r.service === 'jobs' && r.span.kind === 2), { timeoutMs: 10_000, what: 'the jobs span' });
    const hop = trace().find((r) => r.service === 'gateway' && r.span.kind === 3)!;
    // gateway (HTTP) -> gateway (NATS request) -> jobs (operation) -> jobs (queries)
    expect(hop.span.parentSpanId).toBe(root.spanId);
    expect(hop.span.name).toBe(`send ${getPublicJob.subject}`);
    expect(attr(hop.span, 'messaging.system')).toBe('nats');
    expect(served.span.parentSpanId).toBe(hop.span.spanId);
    expect(served.span.name).toBe('getPublicJob');
    expect(attr(served.span, 'marketplace.request_id')).toBe(requestId);
    expect(attr(served.span, 'marketplace.status')).toBe('200');
    const queries = await until(
      () => {
        const q = trace().filter((r) => r.service === 'jobs' && r.span.name === 'db.query');
        return q.length > 0 && q;
      },
      { timeoutMs: 10_000, what: 'the database spans' },
    );
    for (const q of queries) expect(q.span.parentSpanId).toBe(served.span.spanId);
    expect(attr(queries[0]!.span, 'db.statement')).toMatch(/select/i);
  });

  it('starts no trace for background work (relay polling, a metrics scrape) on its own', async () => {
    const from = received.length;
    // Queries no request asked for: a metrics scrape reads the outbox, and the relay polls it every second.
    const health = await (await fetch(`${control}/health-url/jobs`)).text();
    expect((await fetch(`${health}/metrics`)).status).toBe(200);
    await sleep(2500);
    // Then one request: once its jobs span has arrived, the spans jobs finished before it have been
    // sent too (the exporter sends them in the order they finished), so an empty list below means
    // none were made, not that none were exported yet.
    const res = await api(base, '/api/jobs', { key: (await createMember(nats)).key });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id')!;
    await until(() => received.slice(from).some((r) => r.service === 'jobs' && attr(r.span, 'marketplace.request_id') === requestId), {
      timeoutMs: 10_000,
      what: "the request's jobs span",
    });
    const exported = received.slice(from);
    expect(exported.filter((r) => r.service === 'jobs' && r.span.name === 'db.query').length).toBeGreaterThan(0);
    const orphanQueries = exported.filter((r) => r.span.name === 'db.query' && !r.span.parentSpanId);
    expect(orphanQueries).toEqual([]);
  });
});
