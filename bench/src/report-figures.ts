/** One headline figure of a benchmark's results file, as the report shows it. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The budget in words (e.g. ">= 0.8"), or null when the figure has none. */
  budget: string | null;
  met: boolean | null;
  /** Other processes' CPU share during this figure's own run, when the benchmark measured it. */
  noise?: number | null;
}

/** A results file as its benchmark wrote it. */
type Json = Record<string, any>;

const r2 = (n: unknown) => Math.round(Number(n) * 100) / 100;
const atLeast = (name: string, value: number, unit: string, min: number, noise?: number | null): Figure => ({
  name,
  value: r2(value),
  unit,
  budget: `>= ${min}`,
  met: value >= min,
  noise,
});
const below = (name: string, value: number, unit: string, max: number, noise?: number | null): Figure => ({
  name,
  value: r2(value),
  unit,
  budget: `< ${max}`,
  met: value < max,
  noise,
});
const plain = (name: string, value: number, unit: string, noise?: number | null): Figure => ({ name, value: r2(value), unit, budget: null, met: null, noise });

const othersOf = (run: Json | undefined): number | null => run?.cpu?.others ?? null;

/** Each benchmark's results file, read into the figures its budget is about. */
const EXTRACTORS: Record<string, (r: Json) => Figure[]> = {
  'jobs-list': (r) => [
    atLeast('gateway / single process (GET /api/jobs?limit=20)', r.ratio, '', r.budgets.ratio.min, othersOf(r.best.gateway)),
    plain('gateway', r.best.gateway.requestsPerSec, 'req/s', othersOf(r.best.gateway)),
    plain('single process', r.best.singleProcess.requestsPerSec, 'req/s', othersOf(r.best.singleProcess)),
    below('gateway p99 at 50 connections', r.best.gateway.latencyMs.p99, 'ms', r.budgets.gatewayP99Ms.max, othersOf(r.best.gateway)),
    atLeast('anonymous board reads (shared cache)', r.board.cached.requestsPerSec, 'req/s', r.budgets.boardRps.min, othersOf(r.board.cached)),
    below('gateway p99 / single process p99', r.best.gateway.latencyMs.p99 / Math.max(r.best.singleProcess.latencyMs.p99, 1), '', 2, othersOf(r.best.gateway)),
    plain('board revalidations (304)', r.board.revalidated304.requestsPerSec, 'req/s', othersOf(r.board.revalidated304)),
    ...(r.budgets.boardOfBare
      ? [atLeast('anonymous board reads / bare Fastify, same bytes', r.budgets.boardOfBare.actual, '', r.budgets.boardOfBare.min, othersOf(r.board.cached))]
      : []),
  ],
  mcp: (r) => {
    // Since rounds are taken in slices, the headline ratio is the median round's (before: best against best).
    const how = r.settings.slices ? ', median round' : '';
    return [
      atLeast(`MCP / REST (list my jobs)${how}`, r.ratio, '', r.budget.min),
      plain('REST', r.best.rest.requestsPerSec, 'req/s', othersOf(r.best.rest)),
      plain('MCP', r.best.mcp.requestsPerSec, 'req/s', othersOf(r.best.mcp)),
      ...(r.modernRatio === undefined ? [] : [atLeast(`MCP 2026-07-28 / REST (list my jobs)${how}`, r.modernRatio, '', r.budget.min)]),
      // The worst round: "keeps MCP at >= 0.8" holds only if every round does.
      ...(r.roundRatios
        ? [
            atLeast(`MCP / REST, lowest of ${String(r.settings.rounds)} rounds`, r.roundRatios.mcp.min, '', r.budget.min),
            atLeast(`MCP 2026-07-28 / REST, lowest of ${String(r.settings.rounds)} rounds`, r.roundRatios.mcp2026.min, '', r.budget.min),
          ]
        : []),
      // Beside the budget's figure, not in place of it: what the server alone spends (see bench:mcp).
      ...(r.serverRatios
        ? [
            plain("MCP / REST by the server's CPU per request (load generator left out), median round", r.serverRatios.mcp.median, ''),
            plain("MCP 2026-07-28 / REST by the server's CPU per request, median round", r.serverRatios.mcp2026.median, ''),
          ]
        : []),
      // The ceiling the SDK leaves, measured on bare Fastify in the same rounds (see mcp-floor-server.ts).
      ...(r.sdkCeiling
        ? [
            plain("the SDK's ceiling for MCP / REST (the same answer on bare Fastify), median round", r.sdkCeiling.mcp.ceiling.median, ''),
            plain("MCP / REST by CPU, of the SDK's ceiling, median round", r.sdkCeiling.mcp.ofCeiling.median, ''),
            plain("the SDK's ceiling for MCP 2026-07-28 / REST, median round", r.sdkCeiling.mcp2026.ceiling.median, ''),
            plain("MCP 2026-07-28 / REST by CPU, of the SDK's ceiling, median round", r.sdkCeiling.mcp2026.ofCeiling.median, ''),
          ]
        : []),
    ];
  },
  board: (r) =>
    (r.results as Json[]).map((m) =>
      below(`${m.name} p95 (${r.settings.jobs.toLocaleString('en')} jobs)`, m.p95, 'ms', r.settings.budgetP95Ms, m.otherCpu ?? null),
    ),
  events: (r) => [
    below('event to alert p99', r.latencyMs.all.p99, 'ms', r.budget.p99BelowMs, othersOf(r)),
    plain('event to alert p50', r.latencyMs.all.p50, 'ms', othersOf(r)),
    ...(r.latencyMs.webhook ? [below('event to webhook received p99', r.latencyMs.webhook.p99, 'ms', r.budget.p99BelowMs, othersOf(r))] : []),
  ],
  capacity: (r) =>
    (r.layouts as Json[]).flatMap((l) => [
      plain(`capacity at p99 < ${String(r.settings.p99BudgetMs)} ms, mixed workload (${String(l.layout)})`, l.capacityReqPerS, 'req/s', l.othersCpuAtCapacity),
      plain(
        `members active at once (${String(l.layout)}, one request every ${String(r.settings.secondsPerMemberRequest)} s)`,
        l.membersActiveAtOnce,
        '',
        l.othersCpuAtCapacity,
      ),
    ]),
  files: (r) => [
    ...(r.ratioGatewayStoreMultipart === undefined
      ? []
      : [
          atLeast("256 KiB chunks through the gateway / store's own multipart", r.ratioGatewayStoreMultipart, '', 0.8, r.cpu?.chunks?.otherCpu ?? null),
          atLeast("presigned parts / store's own multipart", r.ratioPresignedStoreMultipart, '', 0.9, r.cpu?.presigned?.otherCpu ?? null),
        ]),
    // The ceiling of an upload whose sha256 is checked on the stored bytes: the store's multipart plus its read-back.
    ...(r.ratioPresignedStoreChecked === undefined
      ? []
      : [plain("presigned parts / store's multipart and read-back", r.ratioPresignedStoreChecked, '', r.cpu?.presigned?.otherCpu ?? null)]),
    atLeast('chunked upload / direct PUT', r.ratio, '', r.budget.min, r.cpu?.chunks?.otherCpu ?? null),
    plain('through the gateway', r.gateway.MBps, 'MB/s', r.cpu?.chunks?.otherCpu ?? null),
    plain('direct PUT', r.direct.MBps, 'MB/s', r.cpu?.direct?.otherCpu ?? null),
    // What the store alone allows a chunked upload: its chunk PUTs plus a join done straight against it.
    plain("store's own chunked upload / direct PUT", r.directChunks?.ratioCeiling ?? null, '', r.cpu?.directChunks?.otherCpu ?? null),
    // The files page in Chromium, from the Upload button to the file's page, both ways it uploads.
    ...(r.webPage
      ? [
          plain('the files page in Chromium, straight to the store', r.webPage.storeSeconds, 's', r.webPage.otherCpu ?? null),
          plain('the files page in Chromium, in chunks through the API', r.webPage.chunksSeconds, 's', r.webPage.otherCpu ?? null),
          plain("the files page straight to the store / store's own multipart", r.webPage.ratioStoreMultipart, '', r.webPage.otherCpu ?? null),
        ]
      : []),
  ],
  // What the embedded store's own CPU per request leaves a chunked upload (store-ops.bench.ts).
  'store-ops': (r) => [
    plain("the store's ceiling for 256 KiB chunks / its own multipart", r.ceiling, ''),
    plain("the store's CPU per 256 KiB as a chunk (PUT, GET, DELETE, share of a part)", r.storeMsPerChunk, 'ms'),
    plain("the store's CPU per 256 KiB in a multipart upload", r.storeMsPerChunkInMultipart, 'ms'),
  ],
  footprint: (r) =>
    (r.runs as Json[]).flatMap((run) => [
      run.layout === 'one-process'
        ? below(`idle RSS, whole system (${String(run.layout)})`, run.total.rssMiB, 'MiB', r.budget.totalMiB)
        : plain(`idle RSS, whole system (${String(run.layout)})`, run.total.rssMiB, 'MiB'),
      plain(`idle PSS, whole system (${String(run.layout)})`, run.total.pssMiB, 'MiB'),
      ...(run.processes as Json[]).map((p) =>
        run.layout === 'per-service' && p.service
          ? below(`idle RSS ${String(p.name)} alone`, p.rssMiB, 'MiB', r.budget.serviceMiB)
          : plain(`idle RSS ${String(p.name)} (${String(run.layout)}, ${String(p.count)} processes)`, p.rssMiB, 'MiB'),
      ),
    ]),
};

export function figuresOf(benchmark: string, results: unknown): Figure[] {
  const extract = EXTRACTORS[benchmark];
  return extract ? extract(results as Json) : [];
}
