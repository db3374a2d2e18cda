import { type Db, first, type Insertable, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** What an agent's delivery shows of each claimed alert. */
const CLAIMED = [
  'a.id',
  'a.kind',
  'a.message',
  'a.job_id',
  'a.application_id',
  'a.comment_id',
  'a.title',
  'a.conversation_key',
  'a.conversation_kind',
  'a.created_at',
] as const;

type ClaimedColumns = 'id' | 'kind' | 'message' | 'job_id' | 'application_id' | 'comment_id' | 'title' | 'conversation_key' | 'conversation_kind';

/** A claimed alert as json_agg gives it: the timestamp is the JSON text of the timestamptz. */
export type ClaimedAlert = Pick<Selectable<DB['alerts']>, ClaimedColumns> & { created_at: string };

/**
 * Claims a member's oldest pending alerts (at most `window`, locked `FOR UPDATE SKIP LOCKED` so
 * concurrent claims take disjoint rows), those of the first `conversations` conversations, and
 * marks them delivered, in one statement. Returns how many rows it locked and the claimed alerts
 * oldest first. With `onlyWithAgentNotifications`, nothing is claimed when the member turned
 * agent notifications off.
 */
export async function claimPendingAlerts(
  on: Db,
  memberId: string,
  opts: { onlyWithAgentNotifications: boolean; window: number; conversations: number },
): Promise<{ locked: number; alerts: ClaimedAlert[] }> {
  const row = await first(
    on,
    db
      .with(
        (cte) => cte('pending').materialized(),
        (q) => {
          const pending = q
            .selectFrom('alerts as a')
            .select(['a.id', 'a.conversation_key', 'a.created_at'])
            .where('a.member_id', '=', memberId)
            .where('a.delivered_at', 'is', null);
          return (
            opts.onlyWithAgentNotifications
              ? pending.where((eb) =>
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('notification_preferences as p')
                        .select(eb.lit(1).as('one'))
                        .where('p.member_id', '=', memberId)
                        .where((ib) => ib.not(ib.ref('p.agent_notifications'))),
                    ),
                  ),
                )
              : pending
          )
            .orderBy('a.created_at')
            .orderBy('a.id')
            .limit(opts.window)
            .forUpdate('a')
            .skipLocked();
        },
      )
      .with('chosen', (q) =>
        q
          .selectFrom('pending')
          .select('conversation_key')
          .groupBy('conversation_key')
          .orderBy((eb) => eb.fn.min('created_at'))
          .orderBy('conversation_key')
          .limit(opts.conversations),
      )
      .with('claimed', (q) =>
        q
          .updateTable('alerts as a')
          .set({ delivered_at: sql<Date>`now()` })
          .from('pending as p')
          .whereRef('a.id', '=', 'p.id')
          .where('p.conversation_key', 'in', (eb) => eb.selectFrom('chosen').select('chosen.conversation_key'))
          .returning(CLAIMED),
      )
      .selectNoFrom((eb) => [
        eb.selectFrom('pending').select(eb.cast<number>(eb.fn.countAll(), 'integer').as('n')).$asScalar().as('locked'),
        eb
          .selectFrom('claimed as c')
          .select(sql<ClaimedAlert[]>`coalesce(json_agg(c ORDER BY c.created_at, c.id), '[]'::json)`.as('alerts'))
          .$asScalar()
          .as('alerts'),
      ]),
  );
  return { locked: row?.locked ?? 0, alerts: row?.alerts ?? [] };
}

/**
 * Whether the member has a pending alert and agent notifications on: one read-only probe of the
 * partial index alerts_pending (and the preferences' primary key).
 */
export async function alertsWaiting(on: Db, memberId: string): Promise<boolean> {
  const row = await first(
    on,
    db.selectNoFrom((eb) =>
      eb
        .and([
          eb.exists(eb.selectFrom('alerts').select(eb.lit(1).as('one')).where('member_id', '=', memberId).where('delivered_at', 'is', null)),
          eb.not(
            eb.exists(
              eb
                .selectFrom('notification_preferences')
                .select(eb.lit(1).as('one'))
                .where('member_id', '=', memberId)
                .where((ib) => ib.not(ib.ref('agent_notifications'))),
            ),
          ),
        ])
        .as('waiting'),
    ),
  );
  return row?.waiting === true;
}

/** An alert written unless the (event, member) pair has one already; returns its id only when new. */
export async function insertAlert(on: Db, alert: Omit<Insertable<DB['alerts']>, 'delivered_at' | 'read_at'>): Promise<string | undefined> {
  const row = await first(
    on,
    db
      .insertInto('alerts')
      .values(alert)
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
  );
  return row?.id;
}

/**
 * Removes at most `batch` alerts older than `days` days (oldest first, skipping rows another pass
 * holds) with their push and email bookkeeping, in one statement; returns how many alerts went.
 */
export async function pruneOldAlerts(on: Db, days: number, batch: number): Promise<number> {
  const row = await first(
    on,
    db
      .with('old', (q) =>
        q
          .selectFrom('alerts')
          .select('id')
          .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
          .orderBy('created_at')
          .limit(batch)
          .forUpdate()
          .skipLocked(),
      )
      .with('pushes', (q) => q.deleteFrom('push_deliveries').where('alert_id', 'in', (eb) => eb.selectFrom('old').select('old.id')))
      .with('emails', (q) => q.deleteFrom('email_alerts').where('alert_id', 'in', (eb) => eb.selectFrom('old').select('old.id')))
      .with('gone', (q) =>
        q
          .deleteFrom('alerts')
          .where('id', 'in', (eb) => eb.selectFrom('old').select('old.id'))
          .returning('alerts.id'),
      )
      .selectFrom('gone')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')),
  );
  return row?.n ?? 0;
}

/** No row means the defaults (agent notifications on): undefined. */
export async function agentNotificationsOf(on: Db, memberId: string): Promise<boolean | undefined> {
  const row = await first(on, db.selectFrom('notification_preferences').select('agent_notifications').where('member_id', '=', memberId));
  return row?.agent_notifications;
}

/** Sets the member's agent notifications switch (making their row if need be); returns the stored value. */
export async function setAgentNotifications(on: Db, memberId: string, enabled: boolean): Promise<boolean | undefined> {
  const row = await first(
    on,
    db
      .insertInto('notification_preferences')
      .values({ member_id: memberId, agent_notifications: enabled, updated_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({
          agent_notifications: (eb) => eb.ref('excluded.agent_notifications'),
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('agent_notifications'),
  );
  return row?.agent_notifications;
}
