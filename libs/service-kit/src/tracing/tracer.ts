import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

import { tracingSettings } from '../scope/kit-settings.js';
import { currentScope, serviceEnv } from '../scope/service-scope.js';
import { OtlpExporter } from './otlp-exporter.js';
import type { AttributeValue, Span, SpanKind } from './span.js';

export type { FinishedSpan, Span, SpanKind } from './span.js';

export interface SpanOptions {
  kind: SpanKind;
  /** A W3C traceparent received from the caller (HTTP header, NATS message header). */
  parent?: string;
  attributes?: Record<string, AttributeValue>;
  /** Record only inside a trace (database queries): background polling starts no trace of its own. */
  onlyWithParent?: boolean;
}

const current = new AsyncLocalStorage<Span>();
/** hrtime is monotonic but not wall-clock; OTLP wants Unix nanoseconds. */
const EPOCH_OFFSET_NS = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();

/**
 * Turns tracing on when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) names a collector;
 * otherwise spans cost nothing. OTEL_SERVICE_NAME overrides the process's name.
 */
export function configureTracing(serviceName: string, env: NodeJS.ProcessEnv = serviceEnv()): void {
  const { otlpTracesEndpoint: traces, otlpEndpoint: base, serviceName: named } = tracingSettings.read(env);
  const url = traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : '');
  currentScope().traces = url ? new OtlpExporter(url, named || serviceName) : undefined;
}

export async function stopTracing(): Promise<void> {
  await currentScope().traces?.stop();
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

export function parseTraceparent(header: string | undefined): { traceId: string; spanId: string } | undefined {
  const m = header ? TRACEPARENT.exec(header.trim()) : null;
  return m ? { traceId: m[1]!, spanId: m[2]! } : undefined;
}

/** The traceparent to send on from inside a span, or undefined when nothing is traced. */
export function currentTraceparent(): string | undefined {
  const span = current.getStore();
  return span ? `00-${span.traceId}-${span.spanId}-01` : undefined;
}

export function currentSpan(): Span | undefined {
  return current.getStore();
}

/** Runs `fn` inside a new span (child of `parent`, else of the current span) and exports it when done. */
export async function inSpan<T>(name: string, opts: SpanOptions, fn: () => Promise<T>): Promise<T> {
  const sink = currentScope().traces;
  const outer = current.getStore();
  const parent = parseTraceparent(opts.parent) ?? outer;
  if (!sink || (opts.onlyWithParent && !parent)) return fn();
  const span: Span = {
    traceId: parent?.traceId ?? randomBytes(16).toString('hex'),
    spanId: randomBytes(8).toString('hex'),
    ...(parent ? { parentSpanId: parent.spanId } : {}),
    name,
    kind: opts.kind,
    startNs: process.hrtime.bigint() + EPOCH_OFFSET_NS,
    attributes: { ...opts.attributes },
  };
  try {
    return await current.run(span, fn);
  } catch (err) {
    span.error = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    sink.add({ ...span, endNs: process.hrtime.bigint() + EPOCH_OFFSET_NS });
  }
}
