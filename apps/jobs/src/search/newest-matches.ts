import { OPEN_AND_LIVE } from '../jobs/jobs.queries.js';

/** The words to match, always bound as $1. */
export const SEARCH_QUERY = `websearch_to_tsquery('english', $1)`;

/** Seconds per search period; jobs_search_terms() in the SearchByPeriod migration uses the same. */
const PERIOD_SECONDS = 21600;

/** Periods read newest-first before the board-wide index takes over: 15 days, past a job's 14-day life. */
const RECENT_PERIODS = 60;

/**
 * CTEs ending in `w`: the `window` newest open, live jobs matching $1 (id, created_at,
 * search_vector), newest first. Empty when $1 has no lexemes.
 *
 * When every lexeme must occur (words and quoted phrases, no "or", no "-word"), the period index
 * is read one period at a time from the newest, and the walk stops as soon as `window` matches are
 * in hand; each period's candidates are checked against the full query. Jobs older than the
 * recent periods, and queries with alternatives or exclusions, go through the board-wide index.
 *
 * The branches are read in order (recent periods, then older jobs) and each is sorted, so the
 * first `window` rows of the UNION ALL are the newest. Conditions on `terms` and `span` alone are
 * one-time filters: a branch that cannot contribute is never started. numnode() of the bound query
 * folds to a constant at planning, so a query without lexemes plans to nothing. The OFFSET 0 fence
 * keeps that constant query away from a period's scan, which would otherwise pick the board-wide
 * index and compute each job's period terms as a filter. For a quoted phrase the older jobs are
 * fenced the same way: GIN cannot check word order, so walking them newest-first for a rare phrase
 * would read most of them; the index's candidates are collected first, then ordered.
 */
export function newestMatchesSql(window: string, phrase: boolean): string {
  const match = `${OPEN_AND_LIVE} AND numnode(${SEARCH_QUERY}) > 0 AND j.search_vector @@ ${SEARCH_QUERY}`;
  const newestFirst = `ORDER BY j.created_at DESC, j.id DESC LIMIT ${window}`;
  return `terms AS MATERIALIZED (
    -- tsquery text doubles quotes and backslashes inside a lexeme
    SELECT coalesce(array_agg(DISTINCT regexp_replace(m[1], '([''\\\\])\\1', '\\1', 'g')), '{}') AS lexemes,
           regexp_replace(${SEARCH_QUERY}::text, '''(?:[^'']|'''')*''', '', 'g') ~ '^[\\s&()<>0-9-]*$' AS every
    FROM regexp_matches(${SEARCH_QUERY}::text, '''((?:[^'']|'''')+)''', 'g') AS m),
  span AS MATERIALIZED (
    SELECT b.newest, greatest(b.oldest, b.newest - ${RECENT_PERIODS - 1}) AS bottom, b.oldest
    FROM (SELECT floor(extract(epoch FROM max(j.created_at)) / ${PERIOD_SECONDS})::bigint AS newest,
                 floor(extract(epoch FROM min(j.created_at)) / ${PERIOD_SECONDS})::bigint AS oldest
          FROM jobs j WHERE j.status = 'open' AND NOT j.safety_hidden) AS b),
  w AS (
    (SELECT c.id, c.created_at, c.search_vector
     FROM span, generate_series(span.newest, span.bottom, -1) AS p(period)
     CROSS JOIN LATERAL (
       SELECT j.id, j.created_at, j.search_vector
       FROM (SELECT j.id, j.created_at, j.search_vector, j.status, j.safety_hidden, j.closes_at FROM jobs j
             WHERE j.status = 'open' AND NOT j.safety_hidden AND jobs_search_terms(j.search_vector, j.created_at)
               @> ARRAY(SELECT t || '@' || p.period FROM unnest((SELECT lexemes FROM terms)) AS t)
             OFFSET 0) AS j
       WHERE ${match}
       ${newestFirst}) AS c
     WHERE (SELECT every AND cardinality(lexemes) > 0 FROM terms)
     LIMIT ${window})
    UNION ALL
    (SELECT j.id, j.created_at, j.search_vector FROM (SELECT j.id, j.created_at, j.search_vector FROM jobs j
     WHERE ${match} AND (SELECT NOT every OR oldest < bottom FROM terms, span)
       AND j.created_at < (SELECT CASE WHEN every THEN to_timestamp(bottom * ${PERIOD_SECONDS}) ELSE 'infinity' END FROM terms, span)
     ${phrase ? 'OFFSET 0' : ''}) AS j
     ${newestFirst})
    LIMIT ${window})`;
}
