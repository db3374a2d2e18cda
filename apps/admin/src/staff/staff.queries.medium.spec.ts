import { randomUUID } from 'node:crypto';

import { APPEAL_TOPIC } from '@marketplace/contracts';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminEntities, adminMigrations } from '../admin.entities.js';
import { featureRequestsPage, helpRequestsPage, problemReportsPage } from './staff.queries.js';

/** Medium: the staff lists on a real admin schema built by the migrations (one schema, these rows only). */
describe('the staff list queries, against a real admin schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: adminEntities, migrations: adminMigrations, label: 'staff_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('lists open appeals first, then every help request newest first, a page at a time', async () => {
    const help = async (topic: string, status: string, at: string) => {
      const id = randomUUID();
      await db.query(`INSERT INTO help_requests (id, member_id, via, topic, message, status, created_at) VALUES ($1, $2, 'session', $3, 'Hi', $4, $5)`, [
        id,
        randomUUID(),
        topic,
        status,
        at,
      ]);
      return id;
    };
    const oldAppeal = await help(APPEAL_TOPIC, 'open', '2026-01-01T00:00:00Z');
    const closedAppeal = await help(APPEAL_TOPIC, 'closed', '2026-01-04T00:00:00Z');
    const recent = await help('account', 'open', '2026-01-03T00:00:00Z');
    const older = await help('account', 'open', '2026-01-02T00:00:00Z');
    const first = await helpRequestsPage(db.ds, 0, 3);
    expect(first.rows.map((r) => r.id)).toEqual([oldAppeal, closedAppeal, recent]);
    expect(first.nextOffset).toBe(3);
    expect(await helpRequestsPage(db.ds, 3, 3)).toMatchObject({ rows: [{ id: older, topic: 'account', via: 'session' }], nextOffset: null });
  });

  it('lists problem reports and feature requests newest first', async () => {
    const problems = [randomUUID(), randomUUID()];
    for (const [i, id] of problems.entries()) {
      await db.query(
        `INSERT INTO problem_reports (id, member_id, via, channel, occurred_at, description, created_at)
         VALUES ($1, $2, 'session', 'web', now(), 'Broken', $3)`,
        [id, randomUUID(), `2026-01-0${i + 1}T00:00:00Z`],
      );
    }
    const features = [randomUUID(), randomUUID()];
    for (const [i, id] of features.entries()) {
      await db.query(`INSERT INTO feature_requests (id, member_id, via, title, description, created_at) VALUES ($1, $2, 'key', 'T', 'D', $3)`, [
        id,
        randomUUID(),
        `2026-01-0${i + 1}T00:00:00Z`,
      ]);
    }
    const p = await problemReportsPage(db.ds, 0, 1);
    expect(p).toMatchObject({ rows: [{ id: problems[1], channel: 'web', description: 'Broken', occurred_at: expect.any(Date) }], nextOffset: 1 });
    expect((await problemReportsPage(db.ds, 0, 10)).rows.map((r) => r.id)).toEqual([problems[1], problems[0]]);
    expect(await featureRequestsPage(db.ds, 0, 10)).toMatchObject({ rows: [{ id: features[1], title: 'T' }, { id: features[0] }], nextOffset: null });
  });
});
