import { affected, type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { lit } from '../jobs/jobs.queries.js';

const now = sql<Date>`now()`;

/**
 * Closes up to `batch` open jobs whose closing time passed, soonest due first. `FOR UPDATE SKIP
 * LOCKED` hands each due job to exactly one pass. Returns the jobs it closed.
 */
export function closeDueJobs(on: Db, batch: number) {
  return rows(
    on,
    db
      .with('due', (q) =>
        q
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', lit('open'))
          .where('closes_at', '<=', now)
          .orderBy('closes_at')
          .limit(sql.lit(batch))
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('jobs as j')
      .from('due')
      .set({ status: 'closed', closed_at: now })
      .whereRef('j.id', '=', 'due.id')
      .where('j.status', '=', lit('open'))
      .returning(['j.id', 'j.poster_id', 'j.closed_at'])
      // The statement itself set it.
      .$narrowType<{ closed_at: Date }>(),
  );
}

/** Team jobs expire the same way; nothing consumes their closing, so it is only the status. */
export function closeDueTeamJobs(on: Db, batch: number): Promise<number> {
  return affected(
    on,
    db
      .with('due', (q) =>
        q
          .selectFrom('team_jobs')
          .select('id')
          .where('status', '=', lit('open'))
          .where('closes_at', '<=', now)
          .orderBy('closes_at')
          .limit(sql.lit(batch))
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('team_jobs as t')
      .from('due')
      .set({ status: 'closed', decided_at: now })
      .whereRef('t.id', '=', 'due.id')
      .where('t.status', '=', lit('open')),
  );
}
