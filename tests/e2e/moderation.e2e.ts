import { randomUUID } from 'node:crypto';

import { api, type ApiResponse, createMember, mcp, type TestMember, toolError, toolResult, until } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';
import { joinWaitlist } from './support/waitlist.js';

/**
 * Moderation: the queue of open content reports, dismiss or remove with a reason, restore after
 * an appeal, the owner told why, and the append-only audit log.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await db.end();
});

/** What a removed member's page and cards show in place of the headline. */
const REMOVED = 'Profile removed by moderators';

const call = async (token: string, name: string, args: Record<string, unknown>) => mcp(base, 'tools/call', { name, arguments: args }, token);

async function postJob(poster: TestMember, title: string): Promise<string> {
  const res = await api(base, '/api/me/jobs', {
    key: poster.key,
    body: { title, category: 'data', constraints: '## Scope\nMerge two sheets.\n\n## Deliverables\n- one sheet' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function report(reporter: TestMember, kind: string, itemId: string): Promise<string> {
  const res = await api(base, '/api/content-reports', { key: reporter.key, body: { kind, itemId, reason: 'scam', details: 'Asks for a deposit' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The owner alerts admin recorded for an item (its outbox is the source of truth). */
async function moderationEvents(itemId: string): Promise<any[]> {
  const { rows } = await db.query(
    `SELECT envelope FROM admin.outbox_events WHERE envelope->>'type' = 'content.moderated' AND envelope->'payload'->>'itemId' = $1 ORDER BY created_at`,
    [itemId],
  );
  return rows.map((r: { envelope: { payload: unknown } }) => r.envelope.payload);
}

async function everyPage(staff: TestMember, path: string, key: string): Promise<any[]> {
  const rows: any[] = [];
  for (let offset: number | null = 0; offset !== null;) {
    const res: ApiResponse = await api(base, `${path}${path.includes('?') ? '&' : '?'}offset=${offset}&limit=100`, { key: staff.key });
    expect(res.status).toBe(200);
    rows.push(...res.body[key]);
    offset = res.body.nextOffset;
  }
  return rows;
}

describe('moderation', () => {
  const word = `mod${randomUUID().slice(0, 6)}`;
  let staff: TestMember;
  let poster: TestMember;
  let reporter: TestMember;
  let second: TestMember;
  let staffToken: string;

  beforeAll(async () => {
    [staff, poster, reporter, second] = await Promise.all([
      createMember(nats, { staff: true }),
      createMember(nats, { name: `Pia ${word} Poster` }),
      createMember(nats),
      createMember(nats),
    ]);
    staffToken = await mcpToken(staff);
  });

  it('removing a job hides it from every public read, decides every open report on it, and tells the poster why', async () => {
    const jobId = await postJob(poster, `Spreadsheet ${word} cleanup`);
    const first = await report(reporter, 'job', jobId);
    const other = await report(second, 'job', jobId);
    const queue = await everyPage(staff, '/api/admin/content-reports', 'reports');
    expect(queue.find((r) => r.id === first)).toMatchObject({
      reporterId: reporter.id,
      kind: 'job',
      itemId: jobId,
      reason: 'scam',
      details: 'Asks for a deposit',
      status: 'open',
      decidedAt: null,
      staffNote: null,
      evidence: null,
      restoredAt: null,
    });
    expect(toolResult(await call(staffToken, 'list_content_reports', { limit: 100 })).reports.every((r: any) => r.status === 'open')).toBe(true);

    const removed = await api(base, `/api/admin/content-reports/${first}/decision`, { key: staff.key, body: { action: 'remove', reason: 'Deposit scam' } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({
      id: first,
      status: 'removed',
      decidedBy: staff.id,
      staffNote: 'Deposit scam',
      decidedAt: expect.any(String),
      evidence: { title: `Spreadsheet ${word} cleanup` },
    });
    expect((await everyPage(staff, '/api/admin/content-reports?status=removed', 'reports')).map((r) => r.id)).toEqual(expect.arrayContaining([first, other]));
    expect((await everyPage(staff, '/api/admin/content-reports', 'reports')).map((r) => r.id)).not.toContain(other);

    // Gone from the board, search, the poster's member page and the posters list.
    expect((await api(base, `/api/jobs/${jobId}`, { key: reporter.key })).status).toBe(404);
    expect((await api(base, '/api/jobs?limit=200', { key: reporter.key })).body.jobs.map((j: any) => j.id)).not.toContain(jobId);
    expect((await api(base, `/api/jobs/search?q=${word}`, { key: reporter.key })).body.jobs).toEqual([]);
    expect((await api(base, `/api/jobs/posters?q=${word}`)).body.posters).toEqual([]);
    expect(JSON.stringify((await api(base, `/api/members/${poster.id}`, { key: reporter.key })).body)).not.toContain(jobId);
    // The poster still sees it, marked.
    expect((await api(base, '/api/me/jobs', { key: poster.key })).body.jobs.find((j: any) => j.id === jobId)).toMatchObject({ safetyHidden: true });
    expect(await moderationEvents(jobId)).toEqual([{ kind: 'job', itemId: jobId, ownerId: poster.id, action: 'removed', reason: 'Deposit scam' }]);

    // Reporters see the outcome, never the staff note or the evidence.
    const mine = (await api(base, '/api/me/content-reports', { key: second.key })).body.reports;
    expect(mine[0]).toMatchObject({ id: other, status: 'removed', decidedAt: expect.any(String) });
    expect(JSON.stringify(mine)).not.toContain('Deposit scam');

    const again = await api(base, `/api/admin/content-reports/${other}/decision`, { key: staff.key, body: { action: 'dismiss', reason: 'Twice' } });
    expect(again.status).toBe(409);

    // Restored after an appeal: public again, the reports read dismissed, the poster is told.
    const restored = toolResult(await call(staffToken, 'restore_content', { report_id: first, reason: 'Appeal: a refundable deposit is allowed' }));
    expect(restored).toMatchObject({ id: first, status: 'dismissed', restoredAt: expect.any(String) });
    expect((await api(base, `/api/jobs/${jobId}`, { key: reporter.key })).status).toBe(200);
    expect((await api(base, `/api/jobs/search?q=${word}`, { key: reporter.key })).body.jobs.map((j: any) => j.id)).toEqual([jobId]);
    expect((await moderationEvents(jobId)).map((e) => e.action)).toEqual(['removed', 'restored']);
    // The poster reads both outcomes, with the staff reasons, in their alerts about the job.
    const told: string[] = [];
    await until(async () => {
      const res = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
      expect(res.status).toBe(200);
      for (const c of res.body.conversations) for (const a of c.alerts) told.push(a.message);
      return told.some((m) => m.includes('restored')) ? true : undefined;
    });
    expect(told).toEqual(
      expect.arrayContaining([
        'Your job was removed by moderators: Deposit scam',
        'Your job was restored after review: Appeal: a refundable deposit is allowed',
      ]),
    );
    expect((await api(base, `/api/admin/content-reports/${first}/restore`, { key: staff.key, body: { reason: 'Again' } })).status).toBe(409);
  });

  it('a removed comment shows as removed, and comes back on restore', async () => {
    const jobId = await postJob(poster, 'Label some photos');
    const comment = await api(base, `/api/jobs/${jobId}/comments`, { key: second.key, body: { body: 'Send me your bank login first' } });
    expect(comment.status).toBe(201);
    const reportId = await report(reporter, 'comment', comment.body.id);
    const decided = toolResult(await call(staffToken, 'decide_content_report', { report_id: reportId, action: 'remove', reason: 'Phishing' }));
    expect(decided).toMatchObject({ status: 'removed', evidence: { body: 'Send me your bank login first' } });
    const listed = (await api(base, `/api/jobs/${jobId}/comments`)).body.comments;
    expect(listed).toEqual([expect.objectContaining({ id: comment.body.id, body: null, author: null, removed: true, deleted: false })]);
    expect(await moderationEvents(comment.body.id)).toEqual([
      { kind: 'comment', itemId: comment.body.id, ownerId: second.id, action: 'removed', reason: 'Phishing' },
    ]);

    await api(base, `/api/admin/content-reports/${reportId}/restore`, { key: staff.key, body: { reason: 'Appeal upheld' } });
    const back = (await api(base, `/api/jobs/${jobId}/comments`)).body.comments;
    expect(back[0]).toMatchObject({ body: 'Send me your bank login first', removed: false, author: { id: second.id } });
  });

  it('dismissing leaves the content; 404 for unknown reports and for content gone since it was reported', async () => {
    const jobId = await postJob(poster, 'Count some boxes');
    const reportId = await report(reporter, 'job', jobId);
    const dismissed = await api(base, `/api/admin/content-reports/${reportId}/decision`, {
      key: staff.key,
      body: { action: 'dismiss', reason: 'Ordinary job' },
    });
    expect(dismissed.body).toMatchObject({ status: 'dismissed', staffNote: 'Ordinary job', evidence: null });
    expect((await api(base, `/api/jobs/${jobId}`, { key: reporter.key })).status).toBe(200);
    expect(await moderationEvents(jobId)).toEqual([]);
    expect((await api(base, `/api/admin/content-reports/${reportId}/restore`, { key: staff.key, body: { reason: 'x' } })).status).toBe(409);

    // A member who deleted their account after being reported can no longer be removed.
    const leaving = await createMember(nats);
    const gone = await report(reporter, 'member', leaving.id);
    expect((await api(base, '/api/me', { key: leaving.key, method: 'DELETE', body: { confirm: 'delete my account' } })).status).toBe(200);
    const missing = await api(base, `/api/admin/content-reports/${gone}/decision`, { key: staff.key, body: { action: 'remove', reason: 'Spam' } });
    expect(missing.status).toBe(404);
    expect((await everyPage(staff, '/api/admin/content-reports', 'reports')).map((r) => r.id)).toContain(gone);

    expect((await api(base, `/api/admin/content-reports/${randomUUID()}/decision`, { key: staff.key, body: { action: 'dismiss', reason: 'x' } })).status).toBe(
      404,
    );
    const bad = await api(base, `/api/admin/content-reports/${gone}/decision`, { key: staff.key, body: { action: 'ban', reason: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['action', 'reason']);
    expect(toolError(await call(staffToken, 'decide_content_report', { report_id: gone, action: 'dismiss' }))).toMatchObject({
      status: 400,
      fields: { reason: expect.any(String) },
    });
  });

  it('a removed member keeps their name but loses their profile and photo on every public read, is told why, and comes back on restore', async () => {
    const member = await createMember(nats, { name: `Mo ${word} Member` });
    const profile = { headline: `Fake ${word} escrow agent`, about: 'Pay me first', applicantVisibility: 'public' };
    expect((await api(base, '/api/me/profile', { key: member.key, method: 'PATCH', body: profile })).status).toBe(200);
    await postJob(member, `Errand ${word} run`);
    const jobId = await postJob(poster, 'Proofread a flyer');
    expect(
      (
        await api(base, `/api/jobs/${jobId}/applications`, {
          key: member.key,
          body: { pitch: 'Happy to help.', acceptResponsibility: true, model: 'test-model-1' },
        })
      ).status,
    ).toBe(201);
    const applicantRow = async () => (await api(base, `/api/jobs/${jobId}/applicants`)).body.applicants.find((a: any) => a.id === member.id);
    const posterCard = async () => (await api(base, `/api/jobs/posters?q=${word}`)).body.posters.find((p: any) => p.id === member.id);
    await until(async () => ((await applicantRow())?.headline === profile.headline && (await posterCard())?.headline === profile.headline ? true : undefined));

    const reportId = await report(reporter, 'member', member.id);
    const decided = toolResult(
      await call(staffToken, 'decide_content_report', { report_id: reportId, action: 'remove', reason: 'Impersonates an escrow service' }),
    );
    expect(decided).toMatchObject({ status: 'removed', evidence: { name: member.name, headline: profile.headline, about: 'Pay me first' } });

    const page = await api(base, `/api/members/${member.id}`, { key: reporter.key });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: member.id, name: member.name, headline: REMOVED, about: '', skills: [], photoUrl: null, website: null });
    expect((await api(base, `/api/members/${member.id}?view=preview`, { key: reporter.key })).body).toMatchObject({ name: member.name, headline: REMOVED });
    const html = await (await fetch(`${base}/members/${member.id}`)).text();
    expect(html).toContain('Profile removed by moderators');
    expect(html).not.toContain('Pay me first');
    // The copies other services keep of the card (applicant lists, poster cards) follow.
    await until(async () => ((await applicantRow())?.headline === REMOVED && (await posterCard())?.headline === REMOVED ? true : undefined));
    expect(await moderationEvents(member.id)).toEqual([
      { kind: 'member', itemId: member.id, ownerId: member.id, action: 'removed', reason: 'Impersonates an escrow service' },
    ]);
    const told = await until(async () => {
      const res = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
      return res.body.conversations.flatMap((c: any) => c.alerts.map((a: any) => a.message)).find((m: string) => m.includes('moderators'));
    });
    expect(told).toBe('Your public profile was removed by moderators: Impersonates an escrow service');

    const restored = await api(base, `/api/admin/content-reports/${reportId}/restore`, { key: staff.key, body: { reason: 'Appeal: verified identity' } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await api(base, `/api/members/${member.id}`, { key: reporter.key })).body).toMatchObject({ headline: profile.headline, about: 'Pay me first' });
    await until(async () => ((await applicantRow())?.headline === profile.headline && (await posterCard())?.headline === profile.headline ? true : undefined));
    const log = (await api(base, '/api/admin/audit-log?limit=5', { key: staff.key })).body.entries;
    expect(log.filter((e: any) => e.targetId === member.id).map((e: any) => [e.action, e.targetKind])).toEqual([
      ['restore', 'member'],
      ['remove', 'member'],
    ]);
  });

  it('a removed message shows as removed to both sides of the conversation, and comes back on restore', async () => {
    const applicant = await createMember(nats);
    const jobId = await postJob(poster, 'Design a logo');
    const app = await api(base, `/api/jobs/${jobId}/applications`, {
      key: applicant.key,
      body: { pitch: 'Happy to help.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(app.status).toBe(201);
    const sent = await api(base, '/api/messages', { key: applicant.key, body: { applicationId: app.body.id, body: 'Pay me outside the site' } });
    expect(sent.status).toBe(201);
    const messageId = sent.body.id as string;
    const seenBy = async (m: TestMember) =>
      (await api(base, `/api/messages?application_id=${app.body.id}`, { key: m.key })).body.messages.find((x: any) => x.id === messageId);

    // Only the two sides may report it; anyone else learns nothing.
    const stranger = await api(base, '/api/content-reports', { key: reporter.key, body: { kind: 'message', itemId: messageId, reason: 'scam' } });
    expect(stranger.status).toBe(404);
    const reportId = await report(poster, 'message', messageId);
    const decided = await api(base, `/api/admin/content-reports/${reportId}/decision`, {
      key: staff.key,
      body: { action: 'remove', reason: 'Off-platform payment' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({ status: 'removed', evidence: { body: 'Pay me outside the site' } });
    for (const side of [poster, applicant]) expect(await seenBy(side)).toMatchObject({ removed: true, body: '' });
    expect(await moderationEvents(messageId)).toEqual([
      { kind: 'message', itemId: messageId, ownerId: applicant.id, action: 'removed', reason: 'Off-platform payment' },
    ]);

    expect(toolResult(await call(staffToken, 'restore_content', { report_id: reportId, reason: 'Appeal: it was a joke' }))).toMatchObject({
      status: 'dismissed',
    });
    for (const side of [poster, applicant]) expect(await seenBy(side)).toMatchObject({ removed: false, body: 'Pay me outside the site' });
    expect((await moderationEvents(messageId)).map((e) => e.action)).toEqual(['removed', 'restored']);
  });

  it('a job or comment report answers the same receipt whether the item is hidden, closed or unknown: no existence oracle', async () => {
    const hidden = await postJob(poster, 'Hide this job');
    expect((await api(base, `/api/me/jobs/${hidden}/close`, { key: poster.key, method: 'POST' })).status).toBe(200);
    expect((await api(base, `/api/jobs/${hidden}`, { key: reporter.key })).status).toBe(404);
    const unknownJob = randomUUID();
    const unknownComment = randomUUID();
    const answers = [];
    for (const [kind, itemId] of [
      ['job', hidden],
      ['job', unknownJob],
      ['comment', unknownComment],
    ] as const) {
      const res = await api(base, '/api/content-reports', { key: reporter.key, body: { kind, itemId, reason: 'spam' } });
      expect(res.status, `${kind} ${itemId}: ${JSON.stringify(res.body)}`).toBe(201);
      answers.push(Object.keys(res.body).sort());
      expect(res.body).toMatchObject({ kind, itemId, status: 'open', reason: 'spam' });
    }
    expect(new Set(answers.map((a) => a.join())).size).toBe(1);
    // Recorded, not dropped: the reporter lists it and a moderator deciding it is told the content is gone.
    const mine = (await api(base, '/api/me/content-reports?limit=100', { key: reporter.key })).body.reports.map((r: any) => r.itemId);
    expect(mine).toEqual(expect.arrayContaining([unknownJob, unknownComment]));
    const queued = (await everyPage(staff, '/api/admin/content-reports', 'reports')).find((r: any) => r.itemId === unknownJob);
    expect((await api(base, `/api/admin/content-reports/${queued.id}/decision`, { key: staff.key, body: { action: 'remove', reason: 'Spam' } })).status).toBe(
      404,
    );
  });

  it('reporting a member or message that does not exist, or a malformed id, answers 404 on both surfaces', async () => {
    const reporterToken = await mcpToken(reporter);
    for (const kind of ['member', 'message']) {
      const res = await api(base, '/api/content-reports', { key: reporter.key, body: { kind, itemId: randomUUID(), reason: 'spam' } });
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBe(404);
    }
    for (const kind of ['job', 'comment', 'member', 'message']) {
      expect(toolError(await call(reporterToken, 'report_content', { kind, item_id: 'no-such-item', reason: 'spam' }))).toMatchObject({ status: 404 });
    }
    expect((await api(base, '/api/me/content-reports?limit=100', { key: reporter.key })).body.reports.map((r: any) => r.itemId)).not.toContain('no-such-item');
  });

  it('deleting an account clears what the member sent to staff', async () => {
    const leaving = await createMember(nats);
    const jobId = await postJob(poster, 'Water some plants');
    expect((await api(base, '/api/help', { key: leaving.key, body: { topic: 'question', message: 'How do I get paid?' } })).status).toBe(201);
    expect((await api(base, '/api/problem-reports', { key: leaving.key, body: { description: 'A page was blank.' } })).status).toBe(201);
    await report(leaving, 'job', jobId);
    const sent = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM admin.help_requests WHERE member_id = $1)
            + (SELECT count(*) FROM admin.problem_reports WHERE member_id = $1)
            + (SELECT count(*) FROM admin.content_reports WHERE reporter_id = $1) AS n`,
          [leaving.id],
        )
      ).rows[0].n as string;
    expect(await sent()).toBe('3');
    expect((await api(base, '/api/me', { key: leaving.key, method: 'DELETE', body: { confirm: 'delete my account' } })).status).toBe(200);
    await until(async () => ((await sent()) === '0' ? true : undefined));
  });

  it('every staff action is in the audit log, newest first, waitlist invitations included; nobody can change it', async () => {
    const jobId = await postJob(poster, 'Sort some receipts');
    const reportId = await report(reporter, 'job', jobId);
    await api(base, `/api/admin/content-reports/${reportId}/decision`, { key: staff.key, body: { action: 'remove', reason: 'Audit me' } });
    await api(base, `/api/admin/content-reports/${reportId}/restore`, { key: staff.key, body: { reason: 'Audit the restore' } });
    const log = await api(base, '/api/admin/audit-log?limit=2', { key: staff.key });
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual([
      {
        id: expect.any(String),
        actorId: staff.id,
        action: 'restore',
        targetKind: 'job',
        targetId: jobId,
        reportId,
        reason: 'Audit the restore',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        actorId: staff.id,
        action: 'remove',
        targetKind: 'job',
        targetId: jobId,
        reportId,
        reason: 'Audit me',
        createdAt: expect.any(String),
      },
    ]);
    expect(log.body.nextOffset).toBe(2);

    const email = `audit-${randomUUID().slice(0, 8)}@example.test`;
    const entryId = await joinWaitlist(base, db, email);
    expect((await api(base, `/api/admin/waitlist/${entryId}/invite`, { key: staff.key, method: 'POST' })).status).toBe(200);
    const invited = await until(async () => {
      const entries = toolResult(await call(staffToken, 'list_audit_log', { limit: 10 })).entries;
      return entries.find((e: any) => e.action === 'invite_from_waitlist' && e.targetId === entryId);
    });
    expect(invited).toMatchObject({ actorId: staff.id, targetKind: 'waitlist', reportId: null });

    // No operation edits the log, and the database refuses anyone who tries directly.
    await expect(db.query(`UPDATE admin.staff_audit_log SET reason = 'rewritten' WHERE report_id = $1`, [reportId])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM admin.staff_audit_log WHERE report_id = $1', [reportId])).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE admin.staff_audit_log')).rejects.toThrow(/append-only/);
  });
});
