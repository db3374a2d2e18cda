import { compiledPerInput, type Db, type Expression, first, preparedRows, sql, type SqlBool } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { db } from '../database/db.js';
import {
  hasWalkthrough,
  JOB_ROW_COLUMNS as JOB_COLUMNS,
  JOB_ROW_POSTER_COLUMNS as POSTER_COLUMNS,
  type JobRow,
  type JobVocabulary,
  lit,
  type OnJob,
  openAndLive,
} from './jobs.queries.js';

/** What the board's filters keep besides the category (applied per branch by the page). */
export interface BoardFilter {
  /** Distinct and sorted. */
  categories: string[];
  /** Distinct, sorted member ids; anonymous jobs never match a poster filter (that would reveal who posted them). */
  posterIds: string[] | undefined;
  after: Date | undefined;
  before: Date | undefined;
}

/** Every condition of the board's filter but the category. */
function boardConditions(f: BoardFilter) {
  return (eb: OnJob): Expression<SqlBool> => {
    const where = [openAndLive(eb)];
    if (f.posterIds) {
      where.push(
        f.posterIds.length === 1
          ? eb('j.poster_id', '=', sql<string>`${f.posterIds[0]}::uuid`)
          : eb('j.poster_id', '=', eb.fn.any(sql<string[]>`${f.posterIds}::uuid[]`)),
      );
      where.push(eb('j.poster_visibility', '=', lit('public')));
    }
    if (f.after) where.push(eb('j.created_at', '>=', f.after));
    if (f.before) where.push(eb('j.created_at', '<', f.before));
    return eb.and(where);
  };
}

function categoryCondition(categories: string[]) {
  return (eb: OnJob): Expression<SqlBool> =>
    categories.length === 1 ? eb('j.category', '=', categories[0]!) : eb('j.category', '=', eb.fn.any(sql<string[]>`${categories}::text[]`));
}

export interface BoardPage {
  filter: BoardFilter;
  limit: number;
  offset: number;
  /** Applicant sorts rank the `depth` newest matches by their applicant count. */
  applicants: 'asc' | 'desc' | null;
  /** How many of the newest matches the page is taken from: written into the text, never bound. */
  depth: number;
  /** Run as a named prepared statement (the board's common shapes). */
  prepare: boolean;
}

/**
 * One page of the board. The page is found by id first (an index-only walk of the open-jobs index,
 * even at offset 10,000) and only its rows are joined with posters. With several categories (or
 * posters), each one's newest jobs come from its own index range and are merged (UNION ALL of
 * ordered scans), so a deep offset never sorts the whole board. Only applicant sorts read the
 * applicant count: every other page comes from index-only scans.
 */
export function boardPage(ds: DataSource, page: BoardPage): Promise<JobRow[]> {
  return preparedRows(ds, boardStatement(page), { prepare: page.prepare });
}

/** The board's statement, compiled once per distinct page asked for (the first pages repeat). */
const boardStatement = compiledPerInput(buildBoardPage, (page: BoardPage) =>
  JSON.stringify([
    page.filter.categories,
    page.filter.posterIds ?? null,
    page.filter.after?.toISOString() ?? null,
    page.filter.before?.toISOString() ?? null,
    page.limit,
    page.offset,
    page.applicants,
    page.depth,
  ]),
);

function buildBoardPage(page: BoardPage) {
  const { filter, depth } = page;
  const newest = (f: BoardFilter, categories: string[]) => {
    let q = db
      .selectFrom('jobs as j')
      .select(['j.id', 'j.created_at'])
      .$if(page.applicants !== null, (s) => s.select('j.applicants'))
      .where(boardConditions(f));
    if (categories.length) q = q.where(categoryCondition(categories));
    return q.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(sql.lit(depth));
  };
  const merged = (branches: ReturnType<typeof newest>[]) => {
    const [head, ...rest] = branches.map((b, i) => db.selectFrom(b.as(`b${i}`)).selectAll());
    const union = rest.reduce((u, b) => u.unionAll(b), head!);
    return db.selectFrom(union.as('u')).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(sql.lit(depth));
  };
  let candidates;
  if (filter.posterIds && filter.posterIds.length > 1) {
    // One ordered index range per poster, merged: never a sort of every job of every poster named.
    candidates = merged(filter.posterIds.map((id) => newest({ ...filter, posterIds: [id] }, filter.categories)));
  } else if (filter.categories.length > 1) {
    candidates = merged(filter.categories.map((c) => newest(filter, [c])));
  } else {
    candidates = newest(filter, filter.categories);
  }
  const query = db
    .with('candidates', () => candidates)
    .with('page', (q) => {
      let ordered = q.selectFrom('candidates').selectAll();
      if (page.applicants) ordered = ordered.orderBy('applicants', page.applicants);
      return ordered.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset);
    })
    .selectFrom('page')
    .innerJoin('jobs as j', 'j.id', 'page.id')
    .leftJoin('posters as p', 'p.member_id', 'j.poster_id')
    .select(JOB_COLUMNS)
    .select(hasWalkthrough)
    .select(POSTER_COLUMNS)
    .$narrowType<JobVocabulary>()
    .$if(page.applicants !== null, (q) => q.orderBy('page.applicants', page.applicants ?? 'asc'))
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc');
  return query;
}

/** How many open, live jobs the board's filter keeps (an exact count). */
export async function countBoard(on: Db, filter: BoardFilter): Promise<number> {
  let q = db
    .selectFrom('jobs as j')
    .select(sql<number>`count(*)::int`.as('total'))
    .where(boardConditions(filter));
  if (filter.categories.length) {
    q = q.where((eb) => eb('j.category', '=', eb.fn.any(sql<string[]>`${filter.categories}::text[]`)));
  }
  const row = await first(on, q);
  return row?.total ?? 0;
}
