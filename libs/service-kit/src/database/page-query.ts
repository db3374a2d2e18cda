export interface Page<R> {
  rows: R[];
  nextOffset: number | null;
}

/**
 * One page of an ordered read that asked for one row more than `limit` (from `offset`): the rows
 * shown, and the offset of the next page (null when none follows), without counting the table.
 */
export function pageOf<R>(found: R[], offset: number, limit: number): Page<R> {
  return { rows: found.slice(0, limit), nextOffset: found.length > limit ? offset + limit : null };
}
