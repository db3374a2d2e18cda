import type { FinishedSpan } from './span.js';

const KIND = { internal: 1, server: 2, client: 3 } as const;
const BATCH = 200;
const FLUSH_MS = 1000;

type Attribute = { key: string; value: { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean } };

function attribute(key: string, value: string | number | boolean): Attribute {
  if (typeof value === 'boolean') return { key, value: { boolValue: value } };
  if (typeof value === 'number') return { key, value: Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value } };
  return { key, value: { stringValue: value } };
}

/**
 * Sends finished spans to an OpenTelemetry collector with OTLP over HTTP (JSON), in batches. A
 * collector that is down costs the spans of that batch, never a request: export is fire-and-forget.
 */
export class OtlpExporter {
  private queue: FinishedSpan[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly serviceName: string,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  add(span: FinishedSpan): void {
    this.queue.push(span);
    if (this.queue.length >= BATCH) void this.flush();
  }

  async flush(): Promise<void> {
    if (this.queue.length === 0) return;
    const spans = this.queue;
    this.queue = [];
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [attribute('service.name', this.serviceName)] },
          scopeSpans: [
            {
              scope: { name: 'marketplace' },
              spans: spans.map((s) => ({
                traceId: s.traceId,
                spanId: s.spanId,
                ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
                name: s.name,
                kind: KIND[s.kind],
                startTimeUnixNano: String(s.startNs),
                endTimeUnixNano: String(s.endNs),
                attributes: Object.entries(s.attributes).map(([k, v]) => attribute(k, v)),
                status: s.error ? { code: 2, message: s.error } : { code: 1 },
              })),
            },
          ],
        },
      ],
    };
    await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    }).then(
      (res) => res.body?.cancel(),
      () => undefined,
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
