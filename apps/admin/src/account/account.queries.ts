import { type Db, rows } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/**
 * Deletes what the member sent to staff: help requests with their replies, problem reports,
 * feature requests, and content reports but those whose removal still stands, which lose their
 * free text instead.
 */
export async function forgetMemberSubmissions(on: Db, memberId: string): Promise<void> {
  await rows(
    on,
    db.deleteFrom('help_replies').where('help_request_id', 'in', (eb) => eb.selectFrom('help_requests').select('id').where('member_id', '=', memberId)),
  );
  await rows(on, db.deleteFrom('help_requests').where('member_id', '=', memberId));
  await rows(on, db.deleteFrom('problem_reports').where('member_id', '=', memberId));
  await rows(on, db.deleteFrom('feature_requests').where('member_id', '=', memberId));
  await rows(on, db.deleteFrom('content_reports').where('reporter_id', '=', memberId).where('status', '<>', 'removed'));
  await rows(on, db.updateTable('content_reports').set({ details: null }).where('reporter_id', '=', memberId));
}
