import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminEntities, adminMigrations } from '../admin.entities.js';
import { auditLogPage, contentReport, contentReportsPage, decideOpenReports, insertAudit, restoreRemovedReports } from './moderation.queries.js';

/** Medium: moderation's statements on a real admin schema built by the migrations. */
describe('the moderation queries, against a real admin schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: adminEntities, migrations: adminMigrations, label: 'moderation_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const report = async (itemId: string, at: string, status = 'open') => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO content_reports (id, reporter_id, via, kind, item_id, reason, details, status, created_at)
       VALUES ($1, $2, 'session', 'message', $3, 'spam', 'Ads', $4, $5)`,
      [id, randomUUID(), itemId, status, at],
    );
    return id;
  };

  it('decides every open report on an item at once with its evidence, and restores them', async () => {
    const item = randomUUID();
    const [a, b] = [await report(item, '2026-01-01T00:00:00Z'), await report(item, '2026-01-02T00:00:00Z')];
    const elsewhere = await report(randomUUID(), '2026-01-03T00:00:00Z');
    const staff = randomUUID();
    await db.uow.run(async (em) => {
      const locked = await contentReport(em, a, { forUpdate: true });
      expect(locked).toMatchObject({ id: a, kind: 'message', item_id: item, status: 'open', evidence: null });
      await decideOpenReports(em, locked!, {
        status: 'removed',
        decided_by: staff,
        staff_note: 'Spam',
        evidence: { applicationId: 'x', body: 'Buy now' },
      });
    });
    for (const id of [a, b]) {
      expect(await contentReport(db.ds, id)).toMatchObject({
        status: 'removed',
        decided_by: staff,
        staff_note: 'Spam',
        decided_at: expect.any(Date),
        evidence: { applicationId: 'x', body: 'Buy now' },
      });
    }
    expect((await contentReport(db.ds, elsewhere))?.status).toBe('open');
    await restoreRemovedReports(db.ds, { kind: 'message', item_id: item }, staff, 'Appeal upheld');
    expect(await contentReport(db.ds, a)).toMatchObject({
      status: 'dismissed',
      restored_by: staff,
      restore_note: 'Appeal upheld',
      restored_at: expect.any(Date),
    });
    expect(await contentReport(db.ds, randomUUID())).toBeUndefined();
  });

  it('pages the reports in a status, oldest first', async () => {
    const status = 'dismissed';
    await db.query(`DELETE FROM content_reports WHERE status = $1`, [status]);
    const ids = [
      await report(randomUUID(), '2026-02-01T00:00:00Z', status),
      await report(randomUUID(), '2026-02-02T00:00:00Z', status),
      await report(randomUUID(), '2026-02-03T00:00:00Z', status),
    ];
    const first = await contentReportsPage(db.ds, status, 0, 2);
    expect(first.rows.map((r) => r.id)).toEqual([ids[0], ids[1]]);
    expect(first.nextOffset).toBe(2);
    expect(await contentReportsPage(db.ds, status, 2, 2)).toMatchObject({ rows: [{ id: ids[2] }], nextOffset: null });
  });

  it('appends to the audit log once per entry and pages it newest first', async () => {
    const entry = {
      id: randomUUID(),
      actor_id: randomUUID(),
      action: 'suspend' as const,
      target_kind: 'member',
      target_id: randomUUID(),
      report_id: null,
      reason: 'Spam',
    };
    await insertAudit(db.ds, entry);
    await insertAudit(db.ds, { ...entry, reason: 'Redelivered' });
    const later = { ...entry, id: randomUUID(), action: 'lift_suspension' as const, reason: null };
    await new Promise((r) => setTimeout(r, 5));
    await insertAudit(db.ds, later);
    const page = await auditLogPage(db.ds, 0, 1);
    expect(page.rows).toEqual([{ ...later, created_at: expect.any(Date) }]);
    expect(page.nextOffset).toBe(1);
    expect((await auditLogPage(db.ds, 1, 5)).rows).toEqual([{ ...entry, created_at: expect.any(Date) }]);
  });
});
