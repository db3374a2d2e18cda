import { type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { lit, openAndLive } from '../jobs/jobs.queries.js';

export interface PosterSearch {
  /** Part of the poster's name, matched case-insensitively as typed (no wildcards). */
  q: string | undefined;
  /** Only these members (ids that are not UUIDs already left out). */
  posterIds: string[] | undefined;
  /** No limit when null. */
  limit: number | null;
}

/** Members with open public jobs and how many, most first; anonymous jobs never count (they would name their poster). */
export function postersWithOpenJobs(on: Db, search: PosterSearch) {
  let q = db
    .selectFrom('jobs as j')
    .innerJoin('posters as p', 'p.member_id', 'j.poster_id')
    .select(['p.member_id as id', 'p.name', 'p.headline', 'p.photo_url', sql<number>`count(*)::int`.as('open_jobs')])
    .where(openAndLive)
    .where('j.poster_visibility', '=', lit('public'));
  if (search.q) q = q.where('p.name', 'ilike', `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (search.posterIds) q = q.where('j.poster_id', '=', (eb) => eb.fn.any(sql<string[]>`${search.posterIds}::uuid[]`));
  return rows(on, q.groupBy('p.member_id').orderBy('open_jobs', 'desc').orderBy('p.name').orderBy('p.member_id').limit(search.limit));
}
