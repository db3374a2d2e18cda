import { affected, type Db } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/**
 * Everything the service keeps of a member removed, in the caller's transaction: alerts (with their
 * push deliveries), preferences, browsers, email rows and digests, event log, and webhook endpoints
 * (their deliveries go with them).
 */
export async function deleteMemberData(on: Db, memberId: string): Promise<void> {
  await affected(
    on,
    db.deleteFrom('push_deliveries').where('alert_id', 'in', (eb) => eb.selectFrom('alerts').select('alerts.id').where('alerts.member_id', '=', memberId)),
  );
  await affected(on, db.deleteFrom('alerts').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('notification_preferences').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('push_subscriptions').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('email_alerts').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('email_digests').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('email_members').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('member_events').where('member_id', '=', memberId));
  await affected(on, db.deleteFrom('webhook_endpoints').where('member_id', '=', memberId));
}
