/**
 * One page of an ordered read that asked for one row more than `limit`: the rows shown, and the
 * offset of the next page (null when none follows), without counting the whole table.
 */
export function pageOf<R>(rows: R[], offset: number, limit: number): { rows: R[]; nextOffset: number | null } {
  return { rows: rows.slice(0, limit), nextOffset: rows.length > limit ? offset + limit : null };
}
