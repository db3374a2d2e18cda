import { z } from 'zod';

import { intIn } from './common.schema.js';

/**
 * Offset paging as the board has it (GET /api/jobs): `limit` and `offset` in, `total` out, the next
 * page starting at offset + limit while below total. The board reads up to 200 a page; a member's
 * own lists (their jobs, applications, drafts, a job's applications) up to 100, the same size as
 * the report lists, and a page over that is refused rather than cut.
 */
export const PAGE_OFFSET_MAX = 10_000;

export const pageOffsetSchema = intIn(0, PAGE_OFFSET_MAX, 0);

export const OWN_LIST_LIMITS = { defaultLimit: 100, maxLimit: 100 } as const;

/** The input fields of a member's own paged list. */
export const ownListPage = {
  limit: intIn(1, OWN_LIST_LIMITS.maxLimit, OWN_LIST_LIMITS.defaultLimit),
  offset: pageOffsetSchema,
};

export const pageTotalSchema = z.number().int().min(0).describe('All matches; the next page starts at offset + limit while below total');

/** Where the page after this one starts, or null on the last page. */
export function nextPageOffset(page: { limit: number; offset: number }, total: number): number | null {
  return page.offset + page.limit < total ? page.offset + page.limit : null;
}
