import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminEntities, adminMigrations } from '../admin.entities.js';
import { forgetMemberSubmissions } from './account.queries.js';

/** Medium: what a deleted account takes with it from admin's tables, on a schema its migrations build. */
describe('the account queries, against a real admin schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: adminEntities, migrations: adminMigrations, label: 'admin_account_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it("deletes the member's submissions, keeps a report whose removal stands without its text, and leaves others' alone", async () => {
    const [member, other] = [randomUUID(), randomUUID()];
    for (const who of [member, other]) {
      const help = randomUUID();
      await db.query(`INSERT INTO help_requests (id, member_id, via, topic, message) VALUES ($1, $2, 'session', 'account', 'Help')`, [help, who]);
      await db.query(`INSERT INTO help_replies (id, help_request_id, staff_id, message) VALUES ($1, $2, $3, 'Sure')`, [randomUUID(), help, randomUUID()]);
      await db.query(`INSERT INTO problem_reports (id, member_id, via, channel, occurred_at, description) VALUES ($1, $2, 'session', 'web', now(), 'Broken')`, [
        randomUUID(),
        who,
      ]);
      await db.query(`INSERT INTO feature_requests (id, member_id, via, title, description) VALUES ($1, $2, 'session', 'Dark mode', 'Please')`, [
        randomUUID(),
        who,
      ]);
      for (const status of ['open', 'removed']) {
        await db.query(
          `INSERT INTO content_reports (id, reporter_id, via, kind, item_id, reason, details, status) VALUES ($1, $2, 'session', 'job', $3, 'spam', 'Text', $4)`,
          [randomUUID(), who, randomUUID(), status],
        );
      }
    }
    await db.uow.run((em) => forgetMemberSubmissions(em, member));
    const count = async (table: string, column: string, who: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [who]))[0]!.n;
    for (const [table, column] of [
      ['help_requests', 'member_id'],
      ['problem_reports', 'member_id'],
      ['feature_requests', 'member_id'],
    ] as const) {
      expect(await count(table, column, member)).toBe(0);
      expect(await count(table, column, other)).toBe(1);
    }
    expect(
      await db.query('SELECT count(*)::int AS n FROM help_replies r JOIN help_requests h ON h.id = r.help_request_id WHERE h.member_id = $1', [other]),
    ).toEqual([{ n: 1 }]);
    expect(await db.query('SELECT count(*)::int AS n FROM help_replies WHERE help_request_id NOT IN (SELECT id FROM help_requests)')).toEqual([{ n: 0 }]);
    expect(await db.query('SELECT status, details FROM content_reports WHERE reporter_id = $1', [member])).toEqual([{ status: 'removed', details: null }]);
    expect(await count('content_reports', 'reporter_id', other)).toBe(2);
  });
});
