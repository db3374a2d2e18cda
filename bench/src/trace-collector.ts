import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { percentile, round } from './load.js';

// Where a slow request's time went, from the services' own traces: the benchmark receives their
// OTLP spans (the kit exports them when OTEL_EXPORTER_OTLP_ENDPOINT is set) and splits each
// request's wall time among what was waiting on it at each instant. A diagnostic: the spans cost
// the services some CPU, so a traced run's rates are not the untraced run's.

/** One finished span as the kit exports it (OTLP over HTTP, JSON). */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's kinds: 2 server, 3 client. */
  kind: number;
  service: string;
  startMs: number;
  endMs: number;
  /** A statement's text, cut short (db.query spans only). */
  statement?: string;
}

interface OtlpBody {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        startTimeUnixNano: string;
        endTimeUnixNano: string;
        attributes?: Array<{ key: string; value: { stringValue?: string } }>;
      }>;
    }>;
  }>;
}

const MAX_BODY = 64 * 1024 * 1024;
const STATEMENT_CHARS = 90;

/** Receives the services' spans on loopback and keeps them until taken. */
export class TraceCollector {
  private spans: CollectedSpan[] = [];

  private constructor(private readonly server: Server) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
      });
      req.on('end', () => {
        if (size <= MAX_BODY) {
          try {
            this.add(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody);
          } catch {
            // A batch that does not parse is lost to the diagnosis, never to the services.
          }
        }
        res.writeHead(size <= MAX_BODY ? 200 : 413, { 'content-type': 'application/json' }).end('{}');
      });
    });
  }

  static async start(): Promise<TraceCollector> {
    const collector = new TraceCollector(createServer());
    await new Promise<void>((resolve) => collector.server.listen(0, '127.0.0.1', resolve));
    return collector;
  }

  /** Where the services send their spans (OTEL_EXPORTER_OTLP_ENDPOINT). */
  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The spans received since the last call. */
  take(): CollectedSpan[] {
    const spans = this.spans;
    this.spans = [];
    return spans;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private add(body: OtlpBody): void {
    for (const rs of body.resourceSpans ?? []) {
      const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
      for (const ss of rs.scopeSpans ?? []) {
        for (const s of ss.spans ?? []) {
          const statement = s.name === 'db.query' ? s.attributes?.find((a) => a.key === 'db.statement')?.value.stringValue : undefined;
          this.spans.push({
            traceId: s.traceId,
            spanId: s.spanId,
            ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
            name: s.name,
            kind: s.kind,
            service,
            startMs: Number(BigInt(s.startTimeUnixNano) / 1000n) / 1000,
            endMs: Number(BigInt(s.endTimeUnixNano) / 1000n) / 1000,
            ...(statement ? { statement: statement.slice(0, STATEMENT_CHARS) } : {}),
          });
        }
      }
    }
  }
}

/**
 * What a request waited on at each instant, by its innermost open spans:
 * - `statements`: a statement was out (sent, run by PostgreSQL, its answer not yet taken up by the loop),
 *   or a transaction was getting its connection from the pool;
 * - `betweenServices`: a bus call was out and no handler of it had begun (NATS both ways, and the
 *   message waiting for the receiving service's loop), or its answer was on its way back;
 * - `inHandlers`: only a handler's span was open (its own code, and its wait for the event loop
 *   between one await and the next).
 */
export interface WaitSplit {
  statements: number;
  betweenServices: number;
  inHandlers: number;
}

export interface TraceBreakdown {
  traceId: string;
  /** The root span: the gateway's route (`POST /api/jobs`) or MCP tool call. */
  root: string;
  ms: number;
  split: WaitSplit;
  statements: number;
  /** The statements' own spans, summed (they may overlap). */
  statementSpanMs: number;
  busCalls: number;
  /** The trace's spans below the root in the order they began, with their offsets from the root's start: the chain to read. */
  chain: Array<{ atMs: number; ms: number; service: string; what: string }>;
}

const SERVER = 2;
/** Which open leaf a stretch goes to when several are open at once (the lowest wins). */
const PRECEDENCE: Record<keyof WaitSplit, number> = { statements: 0, betweenServices: 1, inHandlers: 2 };

function category(span: CollectedSpan): keyof WaitSplit {
  if (span.name === 'db.query') return 'statements';
  return span.kind === SERVER ? 'inHandlers' : 'betweenServices';
}

/** Each root span's time, split by what its trace's innermost open spans were at each instant. */
export function breakDown(spans: readonly CollectedSpan[]): TraceBreakdown[] {
  const byTrace = new Map<string, CollectedSpan[]>();
  for (const s of spans) (byTrace.get(s.traceId) ?? byTrace.set(s.traceId, []).get(s.traceId)!).push(s);
  const out: TraceBreakdown[] = [];
  for (const [traceId, trace] of byTrace) {
    const root = trace.find((s) => !s.parentSpanId);
    if (!root) continue;
    out.push({
      traceId,
      root: root.name,
      ms: root.endMs - root.startMs,
      split: splitWaits(trace, root),
      statements: trace.filter((s) => s.name === 'db.query').length,
      statementSpanMs: trace.reduce((n, s) => (s.name === 'db.query' ? n + s.endMs - s.startMs : n), 0),
      busCalls: trace.filter((s) => s.name.startsWith('send ')).length,
      chain: trace
        .filter((s) => s !== root)
        .sort((a, b) => a.startMs - b.startMs)
        .map((s) => ({ atMs: round(s.startMs - root.startMs, 2), ms: round(s.endMs - s.startMs, 2), service: s.service, what: s.statement ?? s.name })),
    });
  }
  return out;
}

/** A sweep over the trace's span edges: each stretch goes to its open leaves (statements first, then bus calls, then handlers). */
function splitWaits(trace: readonly CollectedSpan[], root: CollectedSpan): WaitSplit {
  const split: WaitSplit = { statements: 0, betweenServices: 0, inHandlers: 0 };
  const edges = trace.flatMap((s) => [
    { at: Math.max(s.startMs, root.startMs), span: s, open: true },
    { at: Math.min(s.endMs, root.endMs), span: s, open: false },
  ]);
  // Ends before starts at one instant, so a span that hands over to the next leaves no stretch to either.
  edges.sort((a, b) => a.at - b.at || Number(a.open) - Number(b.open));
  const open = new Set<string>();
  const openChildren = new Map<string, number>();
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  let last = root.startMs;
  for (const edge of edges) {
    if (edge.at > last && open.size > 0) {
      let leaf: keyof WaitSplit | undefined;
      for (const id of open) {
        if ((openChildren.get(id) ?? 0) > 0) continue;
        const c = category(byId.get(id)!);
        if (!leaf || PRECEDENCE[c] < PRECEDENCE[leaf]) leaf = c;
      }
      if (leaf) split[leaf] += edge.at - last;
    }
    last = Math.max(last, edge.at);
    const parent = edge.span.parentSpanId;
    if (edge.open) {
      open.add(edge.span.spanId);
      if (parent && byId.has(parent)) openChildren.set(parent, (openChildren.get(parent) ?? 0) + 1);
    } else if (open.delete(edge.span.spanId) && parent && byId.has(parent)) {
      openChildren.set(parent, (openChildren.get(parent) ?? 1) - 1);
    }
  }
  return split;
}

/** One line for a group of requests: how many, their p99, and where their time went on average. */
export function waitsSummary(label: string, group: readonly TraceBreakdown[]): string {
  if (!group.length) return `${label}: none`;
  const total = group.reduce((n, t) => n + t.ms, 0);
  const share = (k: keyof WaitSplit) => Math.round((group.reduce((n, t) => n + t.split[k], 0) / total) * 100);
  const statements = group.reduce((n, t) => n + t.statements, 0);
  const statementMs = group.reduce((n, t) => n + t.statementSpanMs, 0);
  const sorted = group.map((t) => t.ms).sort((a, b) => a - b);
  return (
    `${label}: ${group.length} requests, mean ${round(total / group.length, 1)} ms, p99 ${round(percentile(sorted, 99), 1)} ms; ` +
    `waiting on statements ${share('statements')}% (${round(statements / group.length, 1)} a request, ${round(statementMs / Math.max(1, statements), 2)} ms each), ` +
    `between services ${share('betweenServices')}% (${round(group.reduce((n, t) => n + t.busCalls, 0) / group.length, 1)} bus calls a request), in handlers ${share('inHandlers')}%`
  );
}
