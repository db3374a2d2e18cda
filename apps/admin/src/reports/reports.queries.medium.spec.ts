import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminEntities, adminMigrations } from '../admin.entities.js';
import { insertFeatureRequest, insertHelpRequest, insertOpenReport, insertProblemReport, myReportsPage } from './reports.queries.js';

/** Medium: what members send to staff, written and read on a real admin schema built by the migrations. */
describe('the reports queries, against a real admin schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: adminEntities, migrations: adminMigrations, label: 'reports_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('writes one open report per reporter and item, as the reporter sees it, and pages their reports by status', async () => {
    const reporter = randomUUID();
    const item = randomUUID();
    const report = (id: string, itemId: string) =>
      insertOpenReport(db.ds, {
        id,
        reporter_id: reporter,
        via: 'session',
        kind: 'job',
        item_id: itemId,
        reason: 'spam',
        details: 'Ads',
      });
    const id = randomUUID();
    expect(await report(id, item)).toEqual({
      id,
      kind: 'job',
      item_id: item,
      reason: 'spam',
      details: 'Ads',
      status: 'open',
      created_at: expect.any(Date),
      decided_at: null,
    });
    expect(await report(randomUUID(), item)).toBeUndefined();
    await db.query(`UPDATE content_reports SET status = 'dismissed', decided_at = now() WHERE id = $1`, [id]);
    const again = randomUUID();
    expect((await report(again, item))?.id).toBe(again);
    const all = await myReportsPage(db.ds, reporter, null, 0, 10);
    expect(all.rows.map((r) => r.id)).toEqual([again, id]);
    expect(all.nextOffset).toBeNull();
    expect((await myReportsPage(db.ds, reporter, 'dismissed', 0, 10)).rows.map((r) => r.id)).toEqual([id]);
    expect(await myReportsPage(db.ds, reporter, null, 0, 1)).toMatchObject({ rows: [{ id: again }], nextOffset: 1 });
    expect(Object.keys(all.rows[0]!)).not.toContain('staff_note');
  });

  it('writes help requests, problem reports and feature requests', async () => {
    const member = randomUUID();
    const at = new Date('2026-01-01T00:00:00Z');
    await insertHelpRequest(db.ds, {
      id: randomUUID(),
      member_id: member,
      via: 'key',
      topic: 'job',
      message: 'Help',
      job_id: randomUUID(),
      application_id: null,
      created_at: at,
    });
    await insertProblemReport(db.ds, {
      id: randomUUID(),
      member_id: member,
      via: 'key',
      channel: 'rest',
      app_version: null,
      occurred_at: at,
      description: 'Broken',
      user_agent: 'curl',
      created_at: at,
    });
    await insertFeatureRequest(db.ds, { id: randomUUID(), member_id: member, via: 'key', title: 'Dark mode', description: 'Please', created_at: at });
    expect(await db.query('SELECT status, created_at FROM help_requests WHERE member_id = $1', [member])).toEqual([{ status: 'open', created_at: at }]);
    expect(await db.query('SELECT channel, user_agent FROM problem_reports WHERE member_id = $1', [member])).toEqual([{ channel: 'rest', user_agent: 'curl' }]);
    expect(await db.query('SELECT title FROM feature_requests WHERE member_id = $1', [member])).toEqual([{ title: 'Dark mode' }]);
  });
});
