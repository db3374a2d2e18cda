import { affected, type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/* The statements of a deleted member's closed area. */

/** Whether the member's account was deleted (their area is closed). */
export async function isClosedMember(on: Db, memberId: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('closed_members')
      .select(sql<number>`1`.as('one'))
      .where('member_id', '=', memberId),
  );
  return found.length > 0;
}

/** The member's area closed at `closedAt` (a repeat changes nothing). */
export async function closeMember(on: Db, memberId: string, closedAt: string): Promise<void> {
  await affected(
    on,
    db
      .insertInto('closed_members')
      .values({ member_id: memberId, closed_at: closedAt })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** Every live file of the member's personal area and of the job areas they posted moved to `deleting`; their ids. */
export function deleteMemberFiles(on: Db, memberId: string): Promise<{ id: string }[]> {
  return rows(
    on,
    db
      .updateTable('files')
      .set({ status: 'deleting' })
      .where('status', '<>', 'deleting')
      .where((eb) =>
        eb.or([
          eb.and([eb('area', '=', 'personal'), eb('owner_id', '=', memberId)]),
          eb.and([eb('area', '=', 'job'), eb('owner_id', 'in', eb.selectFrom('job_areas').select('job_id').where('poster_id', '=', memberId))]),
        ]),
      )
      .returning('id'),
  );
}
