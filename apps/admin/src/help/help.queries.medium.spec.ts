import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminEntities, adminMigrations } from '../admin.entities.js';
import { insertHelpRequest } from '../reports/reports.queries.js';
import { helpRequest, insertReply, myHelpRequestsPage, repliesTo, replyForAlert, setHelpStatus } from './help.queries.js';

/** Medium: the help desk's statements on a real admin schema built by the migrations. */
describe('the help queries, against a real admin schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: adminEntities, migrations: adminMigrations, label: 'help_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const ask = async (memberId: string, at: string) => {
    const id = randomUUID();
    await insertHelpRequest(db.ds, {
      id,
      member_id: memberId,
      via: 'session',
      topic: 'account',
      message: 'Help me',
      job_id: null,
      application_id: null,
      created_at: new Date(at),
    });
    return id;
  };

  it('reads a request, replies under its lock, sets its status, and reads the replies oldest first', async () => {
    const member = randomUUID();
    const id = await ask(member, '2026-01-01T00:00:00Z');
    expect(await helpRequest(db.ds, id)).toEqual({
      id,
      member_id: member,
      via: 'session',
      topic: 'account',
      message: 'Help me',
      job_id: null,
      application_id: null,
      status: 'open',
      status_changed_at: null,
      created_at: new Date('2026-01-01T00:00:00Z'),
    });
    const staff = randomUUID();
    const [r1, r2] = [randomUUID(), randomUUID()];
    await db.uow.run(async (em) => {
      expect((await helpRequest(em, id, { forUpdate: true }))?.status).toBe('open');
      await insertReply(em, { id: r1, help_request_id: id, staff_id: staff, message: 'Looking' });
      await setHelpStatus(em, id, 'answered');
    });
    await insertReply(db.ds, { id: r2, help_request_id: id, staff_id: staff, message: 'Done' });
    expect(await helpRequest(db.ds, id)).toMatchObject({ status: 'answered', status_changed_at: expect.any(Date) });
    const replies = await repliesTo(db.ds, [id, randomUUID()]);
    expect(replies.map((r) => [r.id, r.message, r.staff_id])).toEqual([
      [r1, 'Looking', staff],
      [r2, 'Done', staff],
    ]);
    expect(replies[0]!.created_at).toBeInstanceOf(Date);
    expect(await replyForAlert(db.ds, r2)).toEqual({ message: 'Done', topic: 'account' });
    expect(await replyForAlert(db.ds, randomUUID())).toBeUndefined();
    expect(await helpRequest(db.ds, randomUUID())).toBeUndefined();
  });

  it("pages a member's own requests, newest first", async () => {
    const member = randomUUID();
    const ids = [await ask(member, '2026-01-01T00:00:00Z'), await ask(member, '2026-01-02T00:00:00Z'), await ask(member, '2026-01-03T00:00:00Z')];
    await ask(randomUUID(), '2026-01-04T00:00:00Z');
    const first = await myHelpRequestsPage(db.ds, member, 0, 2);
    expect(first.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextOffset).toBe(2);
    const last = await myHelpRequestsPage(db.ds, member, 2, 2);
    expect(last.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(last.nextOffset).toBeNull();
  });
});
