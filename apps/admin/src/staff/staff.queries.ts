import { APPEAL_TOPIC, type CallerVia } from '@marketplace/contracts';
import { type Db, pageOf, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { helpRequests } from '../help/help.queries.js';

/**
 * One page of every help request: open appeals first (a suspended member can do little but
 * wait), then newest first.
 */
export async function helpRequestsPage(on: Db, offset: number, limit: number) {
  const found = await rows(
    on,
    helpRequests()
      .orderBy(sql<boolean>`(topic = ${sql.lit(APPEAL_TOPIC)} AND status = 'open')`, 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit + 1),
  );
  return pageOf(found, offset, limit);
}

/** One page of the problem reports, newest first. */
export async function problemReportsPage(on: Db, offset: number, limit: number) {
  const found = await rows(
    on,
    db
      .selectFrom('problem_reports')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit + 1)
      .$narrowType<{ via: CallerVia; channel: 'web' | 'rest' | 'mcp' }>(),
  );
  return pageOf(found, offset, limit);
}

/** One page of the feature requests, newest first. */
export async function featureRequestsPage(on: Db, offset: number, limit: number) {
  const found = await rows(
    on,
    db
      .selectFrom('feature_requests')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit + 1)
      .$narrowType<{ via: CallerVia }>(),
  );
  return pageOf(found, offset, limit);
}
