// A span's shape, apart from the tracer that makes spans and the exporter that sends them, so
// neither has to import the other for it.

export type SpanKind = 'server' | 'client' | 'internal';
export type AttributeValue = string | number | boolean;

export interface Span {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: SpanKind;
  readonly startNs: bigint;
  attributes: Record<string, AttributeValue>;
  error?: string;
}
export interface FinishedSpan extends Span {
  endNs: bigint;
}
