import { kitSql } from '../database/kit-sql.js';
import { type Db, rows } from '../database/typed-query.js';

/**
 * Records that `consumer` processed the event, in the caller's transaction; false when it already
 * had (a redelivery), so the caller applies the event at most once.
 */
export async function markEventProcessed(on: Db, consumer: string, eventId: string): Promise<boolean> {
  const inserted = await rows(
    on,
    kitSql
      .insertInto('processed_events')
      .values({ consumer, event_id: eventId })
      .onConflict((oc) => oc.doNothing())
      .returning('event_id'),
  );
  return inserted.length > 0;
}
