import { kitSql } from '../database/kit-sql.js';
import { boundStatement, type Db, rows } from '../database/typed-query.js';

/**
 * Records that `consumer` processed the event, in the caller's transaction; false when it already
 * had (a redelivery), so the caller applies the event at most once.
 */
export async function markEventProcessed(on: Db, consumer: string, eventId: string): Promise<boolean> {
  const inserted = await rows(on, processedStatement({ consumer, eventId }));
  return inserted.length > 0;
}

const processedStatement = boundStatement((v: { consumer: string; eventId: string }) =>
  kitSql
    .insertInto('processed_events')
    .values({ consumer: v.consumer, event_id: v.eventId })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id'),
);
