import { AppError, type InputOf, type OutputOf, searchJobs, type SearchSort } from '@marketplace/contracts';
import { countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { type JobRow, toJob } from '../jobs/job.mapper.js';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { configuredEmbeddingProvider, type EmbeddingProvider } from './embedding-provider.js';
import { interpretQuery } from './query-interpretation.js';
import { fuseKeywordAndVector } from './rank-fusion.js';
import { hasLexemes, newestOpenJobs, searchNewest, searchPhraseRanked, searchRanked, storeEmbedding } from './search.queries.js';

/** Relevance ranks the newest matches only, so a common word costs the same on a huge board. */
const RANK_WINDOW = 200;
const HYBRID_CANDIDATES = 100;

/**
 * Full-text search over open jobs: title (weight A) over description (weight B), matched with
 * websearch_to_tsquery and ordered by ts_rank. Budget bounds (from q or explicit) are read and
 * reported in `interpretation` but filter nothing: jobs on this surface carry no budget, and
 * budget sorts fall back to newest first.
 */
@Injectable()
export class SearchJobsHandler implements OperationHandler<typeof searchJobs> {
  readonly operation = searchJobs;
  private readonly embeddings: EmbeddingProvider | null = configuredEmbeddingProvider();

  constructor(
    private readonly ds: DataSource,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle(input: InputOf<typeof searchJobs>, ctx: HandlerContext): Promise<OutputOf<typeof searchJobs>> {
    // One limit for REST and search_jobs (this handler), per member, else per client address.
    const searcher = ctx.caller ? `m:${ctx.caller.memberId}` : ctx.client?.ip ? `ip:${ctx.client.ip}` : null;
    if (searcher) await countAttempt(this.ds, limitBuckets().searches, searcher);
    const interpretation = interpretQuery(input.q, {
      ...(input.minBudget !== undefined ? { minBudget: input.minBudget } : {}),
      ...(input.maxBudget !== undefined ? { maxBudget: input.maxBudget } : {}),
      ...(input.sort ? { sort: input.sort } : {}),
    });
    if (interpretation.minBudget !== null && interpretation.maxBudget !== null && interpretation.minBudget > interpretation.maxBudget) {
      throw AppError.badRequest('The budget range is empty.', { maxBudget: 'Must not be below min_budget.' });
    }
    const text = interpretation.query;
    const keyword = text ? await this.matching(text, interpretation.sort, input.limit) : null;
    // Nothing matched: words that are all stop words mean "everything", as no words do.
    const matched = keyword !== null && (keyword.rows.length > 0 || (await hasLexemes(this.ds, text)));
    let rows = keyword?.rows ?? [];
    let mode: OutputOf<typeof searchJobs>['mode'] = keyword?.fused ? 'hybrid' : 'keyword';
    if (!matched) {
      mode = 'filter';
      rows = await newestOpenJobs(this.ds, input.limit ?? null);
    }
    this.recorder.record('impression', rows, ctx);
    return {
      jobs: rows.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      interpretation,
      mode,
    };
  }

  /**
   * Open jobs matching `text`, in one statement. Newest first: the `limit` newest matches.
   * Relevance: the RANK_WINDOW newest matches ordered by ts_rank, so a common word costs the same
   * on a huge board; a quoted phrase ranks every match instead (phrases are rare, and the window
   * would hide the best of them).
   */
  private async matching(text: string, sort: SearchSort, limit: number | undefined): Promise<{ rows: JobRow[]; fused: boolean }> {
    if (sort !== 'relevance') return { fused: false, rows: await searchNewest(this.ds, text, limit ?? null) };
    if (text.includes('"')) return { fused: false, rows: await searchPhraseRanked(this.ds, text, limit ?? null) };
    // Ranked inside the window, so only the rows shown are fetched whole.
    const hybrid = this.embeddings !== null;
    const candidates = await searchRanked(this.ds, text, RANK_WINDOW, hybrid ? Math.max(HYBRID_CANDIDATES, limit ?? 20) : (limit ?? null), hybrid);
    if (!hybrid) return { rows: candidates, fused: false };
    // Without an answer from the model the keyword order stands, and the mode says so.
    const fused = await this.rerank(text, candidates).catch(() => null);
    return { rows: (fused ?? candidates).slice(0, limit), fused: fused !== null };
  }

  /** Embeds the query and any candidate still missing an embedding (stored for next time), then fuses. */
  private async rerank(text: string, candidates: (JobRow & { embedding?: number[] | null })[]): Promise<JobRow[]> {
    const missing = candidates.filter((c) => !c.embedding);
    const vectors = await this.embeddings!.embed([text, ...missing.map((c) => `${c.title}\n${c.constraints}`)]);
    const [queryVector, ...fresh] = vectors;
    missing.forEach((c, i) => {
      c.embedding = fresh[i] ?? null;
    });
    if (missing.length) {
      void Promise.all(missing.map((c) => storeEmbedding(this.ds, c.id, c.embedding ?? null))).catch(() => undefined);
    }
    const order = fuseKeywordAndVector(
      candidates.map((c) => ({ id: c.id, embedding: c.embedding ?? null })),
      queryVector!,
    );
    const byId = new Map(candidates.map((c) => [c.id, c]));
    return order.map((id) => byId.get(id)!);
  }
}
