import { boundPerShape, type Db, first, type Insertable, sql } from '@marketplace/service-kit';

import type { SwitchColumn } from '../channels/channels.queries.js';
import { type DB, db } from '../database/db.js';
import type { MemberEventPayload } from '../events/member-events.queries.js';

/** What the alert's statement writes besides the alert itself. */
export interface AlertRouting {
  /** The member event's payload (the log keeps the alert's own fields). */
  payload: MemberEventPayload;
  /**
   * Set when the alert is emailed: the switch it comes under and, unless it is `account`, the
   * preference column that can turn it off; `candidate` is the digest opened should none be open.
   */
  email: { emailSwitch: string; column: SwitchColumn | null; candidate: string } | null;
  /** Whether browser push is configured (else the member's subscriptions are not looked at). */
  push: boolean;
}

/** What the statement found for a new alert; undefined when the (event, member) pair had one already. */
export interface WrittenAlert {
  id: string;
  /** The candidate digest became the member's open one: the caller opens and queues it. */
  opened: boolean;
  /** When the member's previous digest closed (null for their first, or when not emailed). */
  last_closed_at: Date | null;
  /** The member's active webhook endpoints taking this kind of event. */
  endpoints: string[];
  /** The member has a browser subscribed to push (false when push is not configured). */
  pushed: boolean;
}

/**
 * A new alert with everything that goes with it, in one statement: the alert (nothing else when
 * the (event, member) pair has one), its member event, and when emailed (the member's switch not
 * off; no preferences row means every switch on) its email_alerts row and the member's email row
 * upserted: the upsert locks that row against the sender closing the digest at that moment
 * (closeDigest locks it too), and sets the candidate as the open digest only when none is open.
 * Data-modifying CTEs feed on the alert's RETURNING, so none writes when the alert was not new.
 * Returns the member's endpoints and push subscription for the caller's rarer writes.
 */
export async function writeAlertRows(
  on: Db,
  alert: Omit<Insertable<DB['alerts']>, 'delivered_at' | 'read_at'>,
  routing: AlertRouting,
): Promise<WrittenAlert | undefined> {
  const { email } = routing;
  const columns = (Object.keys(alert) as AlertColumn[]).filter((column) => alert[column] !== undefined);
  const row = await first(
    on,
    alertStatement(
      { columns, email: email && { column: email.column }, push: routing.push },
      { ...alert, payload: JSON.stringify(routing.payload), emailSwitch: email?.emailSwitch ?? '', candidate: email?.candidate ?? null },
    ),
  );
  return row && { ...row, opened: row.opened === true, pushed: row.pushed === true };
}

type AlertRow = Omit<Insertable<DB['alerts']>, 'delivered_at' | 'read_at'>;
type AlertColumn = keyof AlertRow;

/** What decides the statement's text: the alert's columns, whether and under which switch it is emailed, and push. */
interface AlertShape {
  columns: AlertColumn[];
  email: { column: SwitchColumn | null } | null;
  push: boolean;
}

type AlertValues = AlertRow & { payload: string; emailSwitch: string; candidate: string | null };

/** Built once per shape (a handful: the switches, push on or off); every alert binds its own values. */
const alertStatement = boundPerShape(
  (shape: AlertShape, v: AlertValues) =>
    db
      .with('alert', (q) =>
        q
          .insertInto('alerts')
          .values(Object.fromEntries(shape.columns.map((column) => [column, v[column]])) as AlertRow)
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'member_id', 'event_id', 'kind', 'created_at']),
      )
      .with('logged', (q) =>
        q
          .insertInto('member_events')
          .columns(['member_id', 'event_id', 'type', 'payload', 'occurred_at'])
          .expression((eb) =>
            eb
              .selectFrom('alert')
              .select(['alert.member_id', 'alert.event_id', 'alert.kind', sql<string>`${v.payload}::jsonb`.as('payload'), 'alert.created_at']),
          )
          .onConflict((oc) => oc.doNothing()),
      )
      .with('emailed', (q) =>
        q
          .insertInto('email_alerts')
          .columns(['alert_id', 'member_id', 'email_switch'])
          .expression((eb) =>
            eb
              .selectFrom('alert')
              .select(['alert.id', 'alert.member_id', eb.cast<string>(eb.val(v.emailSwitch), 'text').as('email_switch')])
              .where((sb) => {
                if (!shape.email) return sb.lit(false);
                const column = shape.email.column;
                if (column === null) return sb.lit(true);
                // No preferences row: every switch on.
                return sb.not(
                  sb.exists(
                    sb
                      .selectFrom('notification_preferences as p')
                      .select(sb.lit(1).as('one'))
                      .whereRef('p.member_id', '=', 'alert.member_id')
                      .where((ib) => ib.not(ib.ref(`p.${column}`))),
                  ),
                );
              }),
          )
          .returning('member_id'),
      )
      .with('email_member', (q) =>
        q
          .insertInto('email_members')
          .columns(['member_id', 'open_digest_id'])
          .expression((eb) => eb.selectFrom('emailed').select(['emailed.member_id', eb.cast<string>(eb.val(v.candidate), 'uuid').as('open_digest_id')]))
          .onConflict((oc) =>
            oc.column('member_id').doUpdateSet({
              open_digest_id: (eb) => eb.fn.coalesce('email_members.open_digest_id', 'excluded.open_digest_id'),
            }),
          )
          .returning(['open_digest_id', 'last_closed_at']),
      )
      .selectFrom('alert')
      .leftJoin('email_member as m', (join) => join.onTrue())
      .select((eb) => [
        'alert.id',
        eb.fn.coalesce(eb('m.open_digest_id', '=', eb.cast<string>(eb.val(v.candidate), 'uuid')), eb.lit(false)).as('opened'),
        'm.last_closed_at',
        sql<string[]>`array(${eb
          .selectFrom('webhook_endpoints as w')
          .select((wb) => wb.cast<string>('w.id', 'text').as('id'))
          .whereRef('w.member_id', '=', 'alert.member_id')
          .where('w.disabled_at', 'is', null)
          .where((ib) => ib.or([ib(ib.fn<number>('cardinality', ['w.events']), '=', 0), ib(ib.ref('alert.kind'), '=', ib.fn.any('w.events'))]))})`.as(
          'endpoints',
        ),
        shape.push
          ? eb.exists(eb.selectFrom('push_subscriptions as s').select(eb.lit(1).as('one')).whereRef('s.member_id', '=', 'alert.member_id')).as('pushed')
          : eb.lit(false).as('pushed'),
      ]),
  (shape) => `${shape.columns.join(',')}|${shape.email ? (shape.email.column ?? 'account') : '-'}|${shape.push}`,
  100,
);
