import { randomUUID } from 'node:crypto';

import { searchJobs, type SearchSort } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { hasLexemes, newestOpenJobs, searchNewest, searchPhraseRanked, searchRanked, storeEmbedding } from './search.queries.js';
import { SearchJobsHandler } from './search-jobs.handler.js';

/**
 * Medium: search reads the newest periods of the period index first and only falls back to the
 * board-wide index for older jobs or queries with "or" and "-word". Whatever path a query takes,
 * the answer must be the one a plain scan of the board gives: the same jobs in the same order.
 * The board spans 40 days (past the recent periods), with closed, hidden and expired jobs mixed in.
 */
const WORDS = ['python', 'dashboard', 'postgres', 'migration', 'logo', 'design', 'zoning', 'kubernetes'];
const QUERY = `websearch_to_tsquery('english', $1)`;
/** Open and taking applications, as the board, search and comments read it. */
const OPEN_AND_LIVE = `j.status = 'open' AND NOT j.safety_hidden AND (j.closes_at IS NULL OR j.closes_at > now())`;

const ctx: HandlerContext = { requestId: randomUUID(), caller: null, surface: 'rest' };

describe('search, against a real jobs schema with a 40-day board', () => {
  let db: ServiceSchema;
  let handler: SearchJobsHandler;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_search' });
    handler = new SearchJobsHandler(db.ds, new AudienceRecorder(db.ds));
    await db.query(`SELECT setseed(0.42)`);
    await db.query(
      `INSERT INTO jobs (id, poster_id, poster_visibility, title, category, constraints, status, safety_hidden,
                         created_at, version, closes_at, applicants, preferred_workers)
       SELECT gen_random_uuid(), gen_random_uuid(), 'public',
              initcap(words.w[1 + floor(random() * 8)::int]) || ' ' || words.w[1 + floor(random() * 8)::int] || ' job ' || g,
              'data',
              'Work on the ' || words.w[1 + floor(random() * 8)::int] || ' and the ' || words.w[1 + floor(random() * 8)::int] || E' parts.\n\nThe end.',
              CASE WHEN g % 17 = 0 THEN 'closed' ELSE 'open' END, g % 23 = 0, at, 1,
              CASE WHEN g % 19 = 0 THEN now() - interval '1 hour' WHEN g % 7 = 0 THEN NULL ELSE at + interval '60 days' END,
              0, '[]'::jsonb
       FROM generate_series(1, 3000) AS g, (SELECT $1::text[] AS w) AS words,
            -- Some jobs share a posting time, so the id breaks ties.
            LATERAL (SELECT date_trunc('minute', now() - random() * interval '40 days') + (g % 3) * interval '1 ms' AS at) AS t`,
      [WORDS],
    );
    await db.query('ANALYZE jobs');
  }, 120_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  /** The board scanned whole: what search answered before it had the period index. */
  async function scanned(text: string, sort: SearchSort, limit: number): Promise<string[]> {
    const matching = `SELECT j.id, j.created_at, ts_rank(j.search_vector, ${QUERY}) AS rank FROM jobs j
      WHERE ${OPEN_AND_LIVE} AND j.search_vector @@ ${QUERY}`;
    const sql =
      sort !== 'relevance'
        ? `${matching} ORDER BY j.created_at DESC, j.id DESC LIMIT $2`
        : text.includes('"')
          ? `SELECT m.id FROM (${matching}) AS m ORDER BY m.rank DESC, m.created_at DESC, m.id DESC LIMIT $2`
          : `SELECT m.id FROM (${matching} ORDER BY j.created_at DESC, j.id DESC LIMIT 200) AS m
           ORDER BY m.rank DESC, m.created_at DESC, m.id DESC LIMIT $2`;
    return (await db.query<{ id: string }>(sql, [text, limit])).map((r) => r.id);
  }

  const search = async (q: string, sort: SearchSort, limit: number) => handler.handle(searchJobs.input.parse({ q, sort, limit }), ctx);

  const queries = [
    'python',
    'python dashboard',
    'kubernetes zoning logo',
    '"postgres migration"',
    '"migration postgres" logo',
    'python or zoning',
    'python -dashboard',
    'the python',
    'nothingword',
    'zoning nothingword',
    '"logo design" -python',
  ];

  it.each(queries)('finds for %j the jobs a scan of the board finds, in its order, whatever the sort and limit', async (q) => {
    for (const sort of ['relevance', 'newest'] as const) {
      for (const limit of [1, 7, 50]) {
        const answer = await search(q, sort, limit);
        expect(answer.mode).toBe('keyword');
        expect(
          answer.jobs.map((j) => j.id),
          `${q} ${sort} ${limit}`,
        ).toEqual(await scanned(q, sort, limit));
      }
    }
  });

  it('finds jobs older than the recent periods when the newer ones are not enough', async () => {
    const answer = await search('kubernetes zoning logo', 'relevance', 50);
    expect(answer.jobs.some((j) => Date.now() - new Date(j.createdAt).getTime() > 16 * 86_400_000)).toBe(true);
    expect(answer.jobs.map((j) => j.id)).toEqual(await scanned('kubernetes zoning logo', 'relevance', 50));
  });

  it('reads words that are all stop words, and no words at all, as the whole board newest first', async () => {
    for (const q of ['the', 'and of the']) {
      const answer = await search(q, 'relevance', 5);
      expect(answer.mode).toBe('filter');
      const newest = await db.query<{ id: string }>(`SELECT j.id FROM jobs j WHERE ${OPEN_AND_LIVE} ORDER BY j.created_at DESC, j.id DESC LIMIT 5`);
      expect(answer.jobs.map((j) => j.id)).toEqual(newest.map((r) => r.id));
    }
  });

  it('plans a search of plain words once per connection (a generic plan), and one with "or" or "-word" for its words each time', async () => {
    // A pool of its own, used one search at a time: one connection, whose prepared statements are listed.
    const replica = await db.otherReplica();
    for (const q of ['python', 'dashboard logo', 'kubernetes', 'zoning', 'python design', 'migration', 'postgres', 'logo']) {
      await searchRanked(replica, q, 200, 20, false);
      await searchNewest(replica, q, 20);
      await searchRanked(replica, `${q} or zoning`, 200, 20, false);
    }
    const plans = await replica.query<{ statement: string; generic_plans: string; custom_plans: string }[]>(
      `SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%jobs_search_terms%'`,
    );
    const plain = plans.filter((p) => p.statement.includes('(SELECT q FROM query)'));
    const visible = plans.filter((p) => !p.statement.includes('(SELECT q FROM query)'));
    expect(plain).toHaveLength(2);
    expect(visible).toHaveLength(1);
    // PostgreSQL makes five custom plans before it weighs the generic one; every later search reuses it.
    for (const p of plain) expect([Number(p.custom_plans), Number(p.generic_plans)]).toEqual([5, 3]);
    expect([Number(visible[0]!.custom_plans), Number(visible[0]!.generic_plans)]).toEqual([8, 0]);
  });

  it('answers each search statement directly: by relevance with embeddings, stored embeddings, lexemes, the newest jobs', async () => {
    const ranked = await searchRanked(db.ds, 'python dashboard', 200, 7, false);
    expect(ranked.map((r) => r.id)).toEqual(await scanned('python dashboard', 'relevance', 7));
    const hybrid = await searchRanked(db.ds, 'python dashboard', 200, 7, true);
    expect(hybrid.map((r) => r.id)).toEqual(ranked.map((r) => r.id));
    expect(hybrid[0]!.embedding).toBeNull();
    expect(await storeEmbedding(db.ds, hybrid[0]!.id, [0.5, -1, 2])).toBe(1);
    expect((await searchRanked(db.ds, 'python dashboard', 200, 7, true))[0]!.embedding).toEqual([0.5, -1, 2]);
    expect(await storeEmbedding(db.ds, hybrid[0]!.id, null)).toBe(1);

    expect((await searchNewest(db.ds, 'kubernetes', 3)).map((r) => r.id)).toEqual(await scanned('kubernetes', 'newest', 3));
    expect((await searchPhraseRanked(db.ds, '"logo design"', 4)).map((r) => r.id)).toEqual(await scanned('"logo design"', 'relevance', 4));
    expect(await hasLexemes(db.ds, 'the and of')).toBe(false);
    expect(await hasLexemes(db.ds, 'python')).toBe(true);
    const newest = await db.query<{ id: string }>(`SELECT j.id FROM jobs j WHERE ${OPEN_AND_LIVE} ORDER BY j.created_at DESC, j.id DESC LIMIT 3`);
    expect((await newestOpenJobs(db.ds, 3)).map((r) => r.id)).toEqual(newest.map((r) => r.id));
  });
});
