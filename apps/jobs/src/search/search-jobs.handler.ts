import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, searchJobs, type InputOf, type OutputOf } from '@marketplace/contracts';
import { AccessSettingsCache, requireReadAccess, type HandlerContext, type OperationHandler, countAttempt, limitBuckets } from '@marketplace/service-kit';
import { JOB_COLUMNS, toJob, type JobRow } from '../jobs/job.mapper.js';
import { OPEN_AND_LIVE } from '../jobs/jobs.queries.js';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { configuredEmbeddingProvider, type EmbeddingProvider } from './embedding-provider.js';
import { interpretQuery } from './query-interpretation.js';
import { fuseKeywordAndVector } from './rank-fusion.js';

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
    private readonly ds: DataSource, private readonly recorder: AudienceRecorder, private readonly access: AccessSettingsCache,
  ) {}

  async handle(input: InputOf<typeof searchJobs>, ctx: HandlerContext): Promise<OutputOf<typeof searchJobs>> {
    await requireReadAccess(ctx, this.access);
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
    const hasLexemes = text
      ? ((await this.ds.query(`SELECT numnode(websearch_to_tsquery('english', $1)) > 0 AS ok`, [text])) as { ok: boolean }[])[0]?.ok
      : false;

    let rows: JobRow[];
    let mode: OutputOf<typeof searchJobs>['mode'];
    const cols = JOB_COLUMNS;
    const from = 'jobs j LEFT JOIN posters p ON p.member_id = j.poster_id';
    if (!hasLexemes) {
      mode = 'filter';
      rows = await this.ds.query(
        `SELECT ${cols} FROM ${from} WHERE ${OPEN_AND_LIVE} ORDER BY j.created_at DESC, j.id DESC LIMIT $1`, [input.limit]);
    } else if (text.includes('"')) {
      // A quoted phrase is rare and GIN cannot check word order, so walking the board newest-first
      // for it would read most of the board: collect the index's candidates first, then order them.
      mode = 'keyword';
      rows = await this.ds.query(
        `WITH m AS MATERIALIZED (
           SELECT j.id, j.created_at, ts_rank(j.search_vector, websearch_to_tsquery('english', $1)) AS rank
           FROM jobs j WHERE ${OPEN_AND_LIVE} AND j.search_vector @@ websearch_to_tsquery('english', $1))
         SELECT ${cols} FROM m JOIN jobs j ON j.id = m.id LEFT JOIN posters p ON p.member_id = j.poster_id
         ORDER BY ${interpretation.sort === 'relevance' ? 'm.rank DESC, ' : ''}m.created_at DESC, m.id DESC LIMIT $2`,
        [text, input.limit]);
    } else if (interpretation.sort !== 'relevance') {
      mode = 'keyword';
      rows = await this.ds.query(
        `SELECT ${cols} FROM ${from} WHERE ${OPEN_AND_LIVE} AND j.search_vector @@ websearch_to_tsquery('english', $1)
         ORDER BY j.created_at DESC, j.id DESC LIMIT $2`, [text, input.limit]);
    } else {
      mode = 'keyword';
      const hybrid = this.embeddings !== null;
      const ranked: (JobRow & { embedding?: number[] | null })[] = await this.ds.query(
        `WITH m AS (
           SELECT j.id FROM jobs j WHERE ${OPEN_AND_LIVE} AND j.search_vector @@ websearch_to_tsquery('english', $1)
           ORDER BY j.created_at DESC, j.id DESC LIMIT ${RANK_WINDOW})
         SELECT ${cols}${hybrid ? ', j.embedding' : ''} FROM m JOIN jobs j ON j.id = m.id LEFT JOIN posters p ON p.member_id = j.poster_id
         ORDER BY ts_rank(j.search_vector, websearch_to_tsquery('english', $1)) DESC, j.created_at DESC, j.id DESC
         LIMIT $2`,
        [text, hybrid ? Math.max(HYBRID_CANDIDATES, input.limit ?? 20) : input.limit]);
      rows = ranked;
      if (hybrid) {
        const fused = await this.rerank(text, ranked).catch(() => null);
        // Without an answer from the model the keyword order stands, and the mode says so.
        if (fused) {
          mode = 'hybrid';
          rows = fused;
        }
        rows = rows.slice(0, input.limit);
      }
    }
    this.recorder.record('impression', rows, ctx);
    return {
      jobs: rows.map((row) => toJob(row, { revealPoster: false, withApplicants: true })),
      interpretation,
      mode,
    };
  }

  /** Embeds the query and any candidate still missing an embedding (stored for next time), then fuses. */
  private async rerank(text: string, candidates: (JobRow & { embedding?: number[] | null })[]): Promise<JobRow[]> {
    const missing = candidates.filter((c) => !c.embedding);
    const vectors = await this.embeddings!.embed([text, ...missing.map((c) => `${c.title}\n${c.constraints}`)]);
    const [queryVector, ...fresh] = vectors;
    missing.forEach((c, i) => { c.embedding = fresh[i] ?? null; });
    if (missing.length) {
      void Promise.all(missing.map((c) => this.ds.query('UPDATE jobs SET embedding = $2::real[] WHERE id = $1', [c.id, c.embedding])))
        .catch(() => undefined);
    }
    const order = fuseKeywordAndVector(candidates.map((c) => ({ id: c.id, embedding: c.embedding ?? null })), queryVector!);
    const byId = new Map(candidates.map((c) => [c.id, c]));
    return order.map((id) => byId.get(id)!);
  }
}
