import { affected, boundPerShape, type Db, type Expression, first, preparedRows, rows, sql, type SqlBool } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { db } from '../database/db.js';
import {
  hasWalkthrough,
  JOB_ROW_COLUMNS,
  JOB_ROW_POSTER_COLUMNS,
  type JobRow,
  jobRows,
  type JobVocabulary,
  lit,
  type OnJob,
  openAndLive,
} from '../jobs/jobs.queries.js';

/** The words to match, as a tsquery (bound afresh wherever it is used). */
const tsquery = (text: string) => sql<string>`websearch_to_tsquery('english', ${text})`;

/** The words' tsquery read from the `query` CTE, which holds the one bound copy (see SearchWords). */
const fromQueryCte = sql<string>`(SELECT q FROM query)`;

/**
 * How a statement sees the words. `visible`: bound wherever used, so each plan is made for these
 * words (their lexemes' frequency, a constant folded) and PostgreSQL plans every call. `opaque`:
 * bound once in a `query` CTE and read from it, and the statement's bound LIMIT read through a
 * sub-select, so no plan depends on a value: the first custom plans cost what the generic one
 * does, PostgreSQL keeps the generic one from the sixth call on a connection, and a search is not
 * planned again (planning was 2-13 ms against 1-4 ms executing).
 *
 * Opaque only for words that must all occur: their newest matches come from the period walk,
 * whose plan does not depend on the words, and the board-wide branch after it runs only when the
 * recent periods hold fewer matches than wanted, which the board-wide index then finds cheaply.
 * With "or" or "-word" the board-wide branch serves the whole query, and its good plan depends
 * on the words: walk the newest jobs for common words, collect the index's matches for rare ones.
 * A generic plan always collects (measured at 200,000 jobs: 110-180 ms against 2.6 ms for
 * "python or zoning"), so those keep their words visible.
 */
interface SearchWords {
  text: string;
  opaque: boolean;
}

function wordsOf(text: string): SearchWords {
  // websearch_to_tsquery's operators: "or" between words, "-" before one, quotes around a phrase.
  // Only performance rides on this; the statement itself still tells every-word queries apart.
  return { text, opaque: !/"|(^|[\s(])-|\bor\b/i.test(text) };
}

/** The words' tsquery, as `words` says to write it. */
const queryOf = (words: SearchWords) => (words.opaque ? fromQueryCte : tsquery(words.text));

/** A bound LIMIT, read through a sub-select when the words are opaque (the planner then assumes no value). */
const limitOf = (words: SearchWords, limit: number | null) => (words.opaque ? sql<number | null>`(SELECT ${limit}::int)` : sql<number | null>`${limit}`);

/** Seconds per search period; jobs_search_terms() in the SearchByPeriod migration uses the same. */
const PERIOD_SECONDS = 21600;

/** Periods read newest-first before the board-wide index takes over: 15 days, past a job's 14-day life. */
const RECENT_PERIODS = 60;

/** An open, live job matching the words; nothing matches words without lexemes (folded at planning). */
function matching(words: SearchWords) {
  return (eb: OnJob): Expression<SqlBool> =>
    eb.and([openAndLive(eb), eb(eb.fn('numnode', [queryOf(words)]), '>', eb.lit(0)), eb('j.search_vector', '@@', queryOf(words))]);
}

/** OFFSET 0, written into the text: a fence the planner does not look through. */
const fence = () => sql.lit(0);

/** The newest first, ties by id. */
const newestFirst = <Q extends { orderBy: (column: 'j.created_at' | 'j.id', dir: 'desc') => Q }>(q: Q) =>
  q.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc');

/**
 * A query with the CTEs ending in `w`: the `limit` newest open, live jobs matching the words (id,
 * created_at, search_vector), newest first. Empty when the words have no lexemes. `limit` is the
 * bound page size, or a window written into the text as a constant.
 *
 * When every lexeme must occur (words and quoted phrases, no "or", no "-word"), the period index
 * is read one period at a time from the newest, and the walk stops as soon as `limit` matches are
 * in hand; each period's candidates are checked against the full query. Jobs older than the
 * recent periods, and queries with alternatives or exclusions, go through the board-wide index.
 *
 * The branches are read in order (recent periods, then older jobs) and each is sorted, so the
 * first `limit` rows of the UNION ALL are the newest. Conditions on `terms` and `span` alone are
 * one-time filters: a branch that cannot contribute is never started. numnode() of a visible query
 * folds to a constant at planning, so a query without lexemes plans to nothing; of an opaque one it
 * is a one-time filter, so it runs nothing. The OFFSET 0 fence keeps the query away from a period's
 * scan, which would otherwise pick the board-wide index and compute each job's period terms as a
 * filter. For a quoted phrase the older jobs are fenced the same way: GIN cannot check word order, so walking them newest-first for a rare phrase
 * would read most of them; the index's candidates are collected first, then ordered.
 *
 * The builder cannot say the tsquery text's lexemes (regexp_matches), the walk over periods
 * (generate_series with a column alias, LATERAL) nor parenthesised UNION ALL branches with their
 * own LIMIT, so those are written with `sql`; the jobs read in each branch are built. The `query`
 * CTE is read only when the words are opaque (a CTE nobody reads is not run).
 */
function newestMatches(words: SearchWords, limit: Expression<number | null>, phrase: boolean) {
  // A period's jobs carrying every lexeme, fenced (OFFSET 0) from the full query's conditions.
  const inPeriod = db
    .selectFrom('jobs as j')
    .select(['j.id', 'j.created_at', 'j.search_vector', 'j.status', 'j.safety_hidden', 'j.closes_at'])
    .where('j.status', '=', lit('open'))
    .where((eb) => eb.not(eb.ref('j.safety_hidden')))
    .where(
      sql<boolean>`jobs_search_terms(j.search_vector, j.created_at)
      @> ARRAY(SELECT t || '@' || p.period FROM unnest((SELECT lexemes FROM terms)) AS t)`,
    )
    .offset(fence());
  const periodMatches = newestFirst(db.selectFrom(inPeriod.as('j')).select(['j.id', 'j.created_at', 'j.search_vector']).where(matching(words))).limit(limit);
  let older = db
    .selectFrom('jobs as j')
    .select(['j.id', 'j.created_at', 'j.search_vector'])
    .where(matching(words))
    .where(sql<boolean>`(SELECT NOT every OR oldest < bottom FROM terms, span)`)
    .where(
      'j.created_at',
      '<',
      sql<Date>`(SELECT CASE WHEN every THEN to_timestamp(bottom * ${sql.lit(PERIOD_SECONDS)}) ELSE 'infinity' END FROM terms, span)`,
    );
  if (phrase) older = older.offset(fence());
  const olderMatches = newestFirst(db.selectFrom(older.as('j')).select(['j.id', 'j.created_at', 'j.search_vector'])).limit(limit);

  return db
    .with(
      (cte) => cte('query').materialized(),
      () => db.selectNoFrom(tsquery(words.text).as('q')),
    )
    .with(
      (cte) => cte('terms').materialized(),
      () => sql<{ lexemes: string[]; every: boolean }>`(
      -- tsquery text doubles quotes and backslashes inside a lexeme
      SELECT coalesce(array_agg(DISTINCT regexp_replace(m[1], '([''\\\\])\\1', '\\1', 'g')), '{}') AS lexemes,
             regexp_replace(${queryOf(words)}::text, '''(?:[^'']|'''')*''', '', 'g') ~ '^[\\s&()<>0-9-]*$' AS every
      FROM regexp_matches(${queryOf(words)}::text, '''((?:[^'']|'''')+)''', 'g') AS m)`,
    )
    .with(
      (cte) => cte('span').materialized(),
      () =>
        db
          .selectFrom(
            db
              .selectFrom('jobs as j')
              .select([
                sql<string>`floor(extract(epoch FROM max(j.created_at)) / ${sql.lit(PERIOD_SECONDS)})::bigint`.as('newest'),
                sql<string>`floor(extract(epoch FROM min(j.created_at)) / ${sql.lit(PERIOD_SECONDS)})::bigint`.as('oldest'),
              ])
              .where('j.status', '=', lit('open'))
              .where((eb) => eb.not(eb.ref('j.safety_hidden')))
              .as('b'),
          )
          .select(['b.newest', sql<string>`greatest(b.oldest, b.newest - ${sql.lit(RECENT_PERIODS - 1)})`.as('bottom'), 'b.oldest']),
    )
    .with(
      'w',
      () => sql<{ id: string; created_at: Date; search_vector: string | null }>`(
      (SELECT c.id, c.created_at, c.search_vector
       FROM span, generate_series(span.newest, span.bottom, -1) AS p(period)
       CROSS JOIN LATERAL ${periodMatches} AS c
       WHERE (SELECT every AND cardinality(lexemes) > 0 FROM terms)
       LIMIT ${limit})
      UNION ALL
      ${olderMatches}
      LIMIT ${limit})`,
    );
}

/**
 * Open jobs matching `text`, newest first: the `limit` newest matches. A quoted phrase fences the
 * older jobs (see newestMatches). One text per shape, run by name.
 */
export function searchNewest(ds: DataSource, text: string, limit: number | null): Promise<JobRow[]> {
  return preparedRows(ds, newestStatement({ opaque: wordsOf(text).opaque, phrase: text.includes('"') }, { text, limit }));
}

/** Built once per shape (whether the words are opaque, whether they hold a phrase); the words and the limit are bound. */
const newestStatement = boundPerShape(
  (shape: { opaque: boolean; phrase: boolean }, v: { text: string; limit: number | null }) => {
    const words = { text: v.text, opaque: shape.opaque };
    return newestMatches(words, limitOf(words, v.limit), shape.phrase)
      .selectFrom('w as m')
      .innerJoin('jobs as j', 'j.id', 'm.id')
      .leftJoin('posters as p', 'p.member_id', 'j.poster_id')
      .select(JOB_ROW_COLUMNS)
      .select(hasWalkthrough)
      .select(JOB_ROW_POSTER_COLUMNS)
      .$narrowType<JobVocabulary>()
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc');
  },
  (shape) => `${shape.opaque}|${shape.phrase}`,
);

/**
 * Open jobs matching a quoted phrase, by relevance: every match is ranked (phrases are rare, and a
 * window would hide the best of them). Run by name.
 */
export function searchPhraseRanked(ds: DataSource, text: string, limit: number | null): Promise<JobRow[]> {
  const query = db
    .with(
      (cte) => cte('m').materialized(),
      () =>
        db
          .selectFrom('jobs as j')
          .select(['j.id', 'j.created_at', sql<number>`ts_rank(j.search_vector, ${tsquery(text)})`.as('rank')])
          .where(matching({ text, opaque: false })),
    )
    .selectFrom('m')
    .innerJoin('jobs as j', 'j.id', 'm.id')
    .leftJoin('posters as p', 'p.member_id', 'j.poster_id')
    .select(JOB_ROW_COLUMNS)
    .select(hasWalkthrough)
    .select(JOB_ROW_POSTER_COLUMNS)
    .$narrowType<JobVocabulary>()
    .orderBy('m.rank', 'desc')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit);
  return preparedRows(ds, query);
}

/**
 * Open jobs matching words, by relevance: the `window` newest matches ranked by ts_rank, so a
 * common word costs the same on a huge board; only the `limit` rows shown are fetched whole. With
 * `embedding`, each row carries its stored embedding (null until computed), for the hybrid rerank.
 * Run by name.
 */
export function searchRanked(ds: DataSource, text: string, window: number, limit: number | null, embedding: boolean) {
  return preparedRows(ds, rankedStatement({ opaque: wordsOf(text).opaque, window, embedding }, { text, limit }));
}

/** Built once per shape (opaque words or not, the window, with embeddings or not); the words and the limit are bound. */
const rankedStatement = boundPerShape(
  (shape: { opaque: boolean; window: number; embedding: boolean }, v: { text: string; limit: number | null }) => {
    const words = { text: v.text, opaque: shape.opaque };
    return newestMatches(words, sql.lit(shape.window), false)
      .with('m', (q) =>
        q
          .selectFrom('w')
          .select(['w.id', 'w.created_at', sql<number>`ts_rank(w.search_vector, ${queryOf(words)})`.as('rank')])
          .orderBy('rank', 'desc')
          .orderBy('w.created_at', 'desc')
          .orderBy('w.id', 'desc')
          .limit(limitOf(words, v.limit)),
      )
      .selectFrom('m')
      .innerJoin('jobs as j', 'j.id', 'm.id')
      .leftJoin('posters as p', 'p.member_id', 'j.poster_id')
      .select(JOB_ROW_COLUMNS)
      .select(hasWalkthrough)
      .select(JOB_ROW_POSTER_COLUMNS)
      .$if(shape.embedding, (q) => q.select('j.embedding'))
      .$narrowType<JobVocabulary>()
      .orderBy('m.rank', 'desc')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc');
  },
  (shape) => `${shape.opaque}|${shape.window}|${shape.embedding}`,
);

/** The newest open, live jobs, for words that match nothing or are all stop words. */
export function newestOpenJobs(on: Db, limit: number | null): Promise<JobRow[]> {
  return rows(on, newestFirst(jobRows().where(openAndLive)).limit(limit));
}

/** Whether the words have any lexeme (words that are all stop words have none). */
export async function hasLexemes(on: Db, text: string): Promise<boolean> {
  const row = await first(
    on,
    db.selectNoFrom((eb) => eb(eb.fn('numnode', [tsquery(text)]), '>', eb.lit(0)).as('ok')),
  );
  return Boolean(row?.ok);
}

/** A job's embedding, stored once computed. */
export function storeEmbedding(on: Db, id: string, embedding: number[] | null): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set({ embedding: sql<number[] | null>`${embedding}::real[]` })
      .where('id', '=', id),
  );
}
