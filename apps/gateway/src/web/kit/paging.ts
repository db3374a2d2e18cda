import { nextPageOffset, OWN_LIST_LIMITS, PAGE_OFFSET_MAX } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

import type { Raw } from './layout.js';
import { offsetOf, pager } from './page.js';

/** How many items a page of a member's own list shows. */
export const LIST_PAGE_SIZE = 10;

export interface ListPage {
  limit: number;
  offset: number;
}

/** The page the visitor asked for (`?offset=`), kept within what the services page to. */
export function listPageOf(req: FastifyRequest, limit = LIST_PAGE_SIZE): ListPage {
  return { limit, offset: Math.min(offsetOf(req), PAGE_OFFSET_MAX) };
}

/** Previous and next links for a page of `total`; `query` is the rest of the page's query, each pair ending in `&`. */
export function pageLinks(path: string, query: string, page: ListPage, total: number): Raw {
  return pager(path, query, page.offset, nextPageOffset(page, total), page.limit);
}

/**
 * One item of a paged list, read a page at a time until it turns up: for a page about one
 * application that only the member's own list names. Stops at the last page.
 */
export async function findInPages<T>(
  read: (page: ListPage) => Promise<{ items: readonly T[]; total: number }>,
  match: (item: T) => boolean,
): Promise<T | undefined> {
  const limit = OWN_LIST_LIMITS.maxLimit;
  for (let offset = 0; offset <= PAGE_OFFSET_MAX; offset += limit) {
    const { items, total } = await read({ limit, offset });
    const found = items.find(match);
    if (found || offset + limit >= total) return found;
  }
  return undefined;
}
