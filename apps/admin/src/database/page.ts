import type { Page } from '@marketplace/service-kit';

/**
 * A page from rows read one past it (`limit + 1` from `offset`): the extra row says whether
 * another page follows, without counting the whole table.
 */
export function pageOf<R>(found: R[], offset: number, limit: number): Page<R> {
  return { rows: found.slice(0, limit), nextOffset: found.length > limit ? offset + limit : null };
}
