import type { DataSource, EntityManager } from 'typeorm';

export interface Page<R> {
  rows: R[];
  nextOffset: number | null;
}

/**
 * One page of an ordered query: reads one row more than asked, which says whether another page
 * follows without counting the whole table. `sql` must end with its ORDER BY; OFFSET and LIMIT
 * are appended as the next two parameters.
 */
export async function queryPage<R>(
  db: DataSource | EntityManager, sql: string, params: unknown[], offset: number, limit: number,
): Promise<Page<R>> {
  const n = params.length;
  const rows = (await db.query(`${sql} OFFSET $${n + 1} LIMIT $${n + 2}`, [...params, offset, limit + 1])) as R[];
  return { rows: rows.slice(0, limit), nextOffset: rows.length > limit ? offset + limit : null };
}
