import { randomUUID } from 'node:crypto';

import { api, createMember, createMembers, mcp, sessionHeaders, signIn, type TestMember, toolOutcome } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

/**
 * Members asking for help and reporting, on REST and over MCP. The limits are
 * the defaults (help 5, problem and feature 10, content 20 per member and hour).
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });

afterAll(async () => {
  await db.end();
});

/** Luhn-valid test card numbers, as people paste them. */
const CARD = '4111 1111 1111 1111';
const AMEX = '3782-822463-10005';
/** A key the credential scan knows (the marketplace's own). */
const KEY = `tl_${'a1B2'.repeat(10)}`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A real job to report: reports on items that do not exist are refused. */
async function postJob(poster: TestMember): Promise<string> {
  const res = await api(base, '/api/me/jobs', {
    key: poster.key,
    body: { title: 'Copy some addresses', category: 'data', constraints: '## Scope\nCopy them.\n\n## Deliverables\n- one sheet' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function tool(token: string, name: string, args: Record<string, unknown>): Promise<any> {
  return toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, token));
}

const post = (member: TestMember, path: string, body: unknown) => api(base, path, { key: member.key, body });

describe('POST /api/help and contact_for_help', () => {
  it('201 with the request as received, on REST and over MCP', async () => {
    const member = await createMember(nats);
    const res = await post(member, '/api/help', { topic: 'refund', message: 'I was charged twice for job 42.', jobId: 'job-1', applicationId: 'app-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      topic: 'refund',
      message: 'I was charged twice for job 42.',
      jobId: 'job-1',
      applicationId: 'app-1',
      createdAt: expect.stringMatching(ISO),
    });
    const bare = await post(member, '/api/help', { topic: 'question', message: 'How do payouts work?' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ topic: 'question', jobId: null, applicationId: null });

    const token = await mcpToken(member);
    const viaTool = await tool(token, 'contact_for_help', { topic: 'payout', message: 'Where is my payout?', job_id: 'job-2' });
    expect(viaTool).toEqual({
      id: expect.any(String),
      topic: 'payout',
      message: 'Where is my payout?',
      jobId: 'job-2',
      applicationId: null,
      createdAt: expect.stringMatching(ISO),
    });
  });

  it('refuses a message holding a card number or a key (400 naming message) on both surfaces, and bad topics and sizes', async () => {
    const member = await createMember(nats);
    const token = await mcpToken(member);
    for (const message of [`My card ${CARD} was charged twice`, `card: ${AMEX}`, `my key is ${KEY}`, 'password=hunter2hunter2']) {
      const rest = await post(member, '/api/help', { topic: 'chargeback', message });
      expect(rest.status, message).toBe(400);
      expect(Object.keys(rest.body.fields)).toEqual(['message']);
      expect(JSON.stringify(rest.body)).not.toContain(KEY);
      const viaTool = await tool(token, 'contact_for_help', { topic: 'chargeback', message });
      expect(viaTool).toMatchObject({ isError: true, status: 400, fields: { message: expect.any(String) } });
    }
    // Numbers that are not cards pass: an order number, a date, a Luhn-invalid 16 digits.
    expect((await post(member, '/api/help', { topic: 'payment', message: 'Order 123456 on 2025-01-02, ref 4111111111111112.' })).status).toBe(201);

    const bad = await post(member, '/api/help', { topic: 'lottery', message: 'x'.repeat(4001), jobId: 'j'.repeat(101) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['jobId', 'message', 'topic']);
    expect((await post(member, '/api/help', { topic: 'other', message: 'x'.repeat(4000) })).status).toBe(201);
    const missing = await tool(token, 'contact_for_help', { topic: 'other', application_id: 'a'.repeat(101) });
    expect(missing).toMatchObject({ isError: true, status: 400 });
    expect(Object.keys(missing.fields).sort()).toEqual(['application_id', 'message']);
  });

  it('is limited per member (429 with Retry-After), across surfaces, and signed-out callers get 401', async () => {
    const [member, other] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const token = await mcpToken(member);
    // A refusal for a card number is not an attempt.
    expect((await post(member, '/api/help', { topic: 'payment', message: `Card ${CARD}` })).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await post(member, '/api/help', { topic: 'question', message: `Question ${i}` })).status).toBe(201);
    expect(await tool(token, 'contact_for_help', { topic: 'question', message: 'Question 4' })).toMatchObject({ topic: 'question' });
    const refused = await post(member, '/api/help', { topic: 'question', message: 'One too many' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.body.retryAfter).toBeGreaterThan(3000);
    expect(await tool(token, 'contact_for_help', { topic: 'question', message: 'One too many' })).toMatchObject({ isError: true, status: 429 });
    // Other members are not affected.
    expect((await post(other, '/api/help', { topic: 'question', message: 'Mine' })).status).toBe(201);
    expect((await api(base, '/api/help', { body: { topic: 'question', message: 'Anonymous' } })).status).toBe(401);
  });
});

describe('POST /api/problem-reports and report_problem', () => {
  it('201; the channel comes from the surface unless given (API key rest, browser web, agent mcp)', async () => {
    const member = await createMember(nats);
    const res = await post(member, '/api/problem-reports', {
      description: 'The job list answered 500.',
      appVersion: 'cli 1.2.3',
      occurredAt: '2025-06-01T10:00:00+02:00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      channel: 'rest',
      appVersion: 'cli 1.2.3',
      occurredAt: '2025-06-01T08:00:00.000Z',
      description: 'The job list answered 500.',
      createdAt: expect.stringMatching(ISO),
    });
    const given = await post(member, '/api/problem-reports', { channel: 'web', description: 'The page was blank.' });
    expect(given.body).toMatchObject({ channel: 'web', appVersion: null });
    expect(Math.abs(Date.parse(given.body.occurredAt) - Date.now())).toBeLessThan(60_000);

    const browser = await signIn(base, inject('mailDir'), { email: member.email });
    const web = await api(base, '/api/problem-reports', { headers: sessionHeaders(base, browser), body: { description: 'From the browser.' } });
    expect(web.status, JSON.stringify(web.body)).toBe(201);
    expect(web.body.channel).toBe('web');

    const token = await mcpToken(member);
    const viaTool = await tool(token, 'report_problem', { description: 'get_job keeps failing.', app_version: 'agent 0.1' });
    expect(viaTool).toMatchObject({ channel: 'mcp', appVersion: 'agent 0.1', description: 'get_job keeps failing.' });
  });

  it('refuses card numbers and keys, bad channels and times; limited per member', async () => {
    const member = await createMember(nats);
    const token = await mcpToken(member);
    const card = await post(member, '/api/problem-reports', { description: `Charged ${CARD}` });
    expect(card.status).toBe(400);
    expect(Object.keys(card.body.fields)).toEqual(['description']);
    expect(await tool(token, 'report_problem', { description: `Authorization: Bearer ${KEY}` })).toMatchObject({
      isError: true,
      status: 400,
      fields: { description: expect.any(String) },
    });
    const bad = await post(member, '/api/problem-reports', { channel: 'fax', occurredAt: 'yesterday', description: 'x' });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['channel', 'occurredAt']);
    const future = await post(member, '/api/problem-reports', { occurredAt: '2999-01-01T00:00:00Z', description: 'x' });
    expect(future.body.fields).toEqual({ occurredAt: 'Must not be in the future.' });

    for (let i = 0; i < 10; i++) expect((await post(member, '/api/problem-reports', { description: `Problem ${i}` })).status).toBe(201);
    expect((await post(member, '/api/problem-reports', { description: 'One too many' })).status).toBe(429);
    expect(await tool(token, 'report_problem', { description: 'One too many' })).toMatchObject({ isError: true, status: 429 });
  });
});

describe('POST /api/feature-requests and submit_feature_request', () => {
  it('201 on both surfaces; card numbers and keys refused; limited per member', async () => {
    const member = await createMember(nats);
    const token = await mcpToken(member);
    const res = await post(member, '/api/feature-requests', { title: 'Dark mode', description: 'Please add a dark theme.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), title: 'Dark mode', description: 'Please add a dark theme.', createdAt: expect.stringMatching(ISO) });
    expect(await tool(token, 'submit_feature_request', { title: 'Bulk apply', description: 'Apply to many jobs at once.' })).toMatchObject({
      title: 'Bulk apply',
      description: 'Apply to many jobs at once.',
    });

    const secret = await post(member, '/api/feature-requests', { title: `Store ${CARD}`, description: `And my key ${KEY}` });
    expect(secret.status).toBe(400);
    expect(Object.keys(secret.body.fields).sort()).toEqual(['description', 'title']);
    expect((await post(member, '/api/feature-requests', { title: 'Two\nlines', description: 'x' })).body.fields).toEqual({ title: 'Must be one line.' });

    for (let i = 2; i < 10; i++) expect((await post(member, '/api/feature-requests', { title: `Idea ${i}`, description: 'x' })).status).toBe(201);
    expect((await post(member, '/api/feature-requests', { title: 'One too many', description: 'x' })).status).toBe(429);
    expect(await tool(token, 'submit_feature_request', { title: 'One too many', description: 'x' })).toMatchObject({ isError: true, status: 429 });
  });
});

describe('POST /api/content-reports, report_content and GET /api/me/content-reports, list_my_content_reports', () => {
  let member: TestMember;
  let token: string;
  beforeAll(async () => {
    member = await createMember(nats);
    token = await mcpToken(member);
  });

  it('201 with the receipt; one open report per reporter and item (409), on both surfaces', async () => {
    const poster = await createMember(nats);
    const jobId = await postJob(poster);
    const res = await post(member, '/api/content-reports', { kind: 'job', itemId: jobId, reason: 'scam', details: 'Asks for a deposit.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      kind: 'job',
      itemId: jobId,
      reason: 'scam',
      details: 'Asks for a deposit.',
      status: 'open',
      createdAt: expect.stringMatching(ISO),
      decidedAt: null,
    });
    const again = await post(member, '/api/content-reports', { kind: 'job', itemId: jobId.toUpperCase(), reason: 'spam' });
    expect(again.status).toBe(409);
    expect(await tool(token, 'report_content', { kind: 'job', item_id: jobId, reason: 'spam' })).toMatchObject({ isError: true, status: 409 });
    // The poster is another item; another reporter may report the same item.
    expect(await tool(token, 'report_content', { kind: 'member', item_id: poster.id, reason: 'harassment' })).toMatchObject({
      kind: 'member',
      itemId: poster.id,
      reason: 'harassment',
      details: null,
      status: 'open',
    });
    const other = await createMember(nats);
    expect((await post(other, '/api/content-reports', { kind: 'job', itemId: jobId, reason: 'scam' })).status).toBe(201);

    // Once a moderator decided it, the reporter may report the item again.
    await db.query(`UPDATE admin.content_reports SET status = 'dismissed', decided_at = now() WHERE id = $1`, [res.body.id]);
    expect((await post(member, '/api/content-reports', { kind: 'job', itemId: jobId, reason: 'scam' })).status).toBe(201);
  });

  it('refuses card numbers and keys in details, unknown kinds and reasons', async () => {
    const card = await post(member, '/api/content-reports', { kind: 'comment', itemId: randomUUID(), reason: 'other', details: `They posted ${CARD}` });
    expect(card.status).toBe(400);
    expect(Object.keys(card.body.fields)).toEqual(['details']);
    expect(await tool(token, 'report_content', { kind: 'message', item_id: randomUUID(), reason: 'credentials', details: `It said ${KEY}` })).toMatchObject({
      isError: true,
      status: 400,
      fields: { details: expect.any(String) },
    });
    const bad = await post(member, '/api/content-reports', { kind: 'file', itemId: '', reason: 'boring' });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['itemId', 'kind', 'reason']);
  });

  it("lists the caller's reports newest first, paged, filtered by status, without staff notes or evidence", async () => {
    const reporter = await createMember(nats);
    const reporterToken = await mcpToken(reporter);
    const ids: string[] = [];
    const reported = await createMembers(nats, 6);
    for (let i = 0; i < 5; i++) {
      const r = await post(reporter, '/api/content-reports', { kind: 'member', itemId: reported[i]!.id, reason: 'spam', details: `Report ${i}` });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
    }
    // Another member's report never shows.
    await post(member, '/api/content-reports', { kind: 'member', itemId: reported[5]!.id, reason: 'spam' });
    // A moderator's decision (the staff side arrives with moderation): note and evidence stay staff-only.
    await db.query(
      `UPDATE admin.content_reports SET status = 'removed', decided_at = now(), decided_by = $2, staff_note = 'Spam ring', evidence = '{"text":"buy now"}'
       WHERE id = $1`,
      [ids[1], randomUUID()],
    );

    const all = await api(base, '/api/me/content-reports', { key: reporter.key });
    expect(all.status).toBe(200);
    expect(all.body.reports.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect(all.body.nextOffset).toBeNull();
    for (const r of all.body.reports) expect(Object.keys(r).sort()).toEqual(['createdAt', 'decidedAt', 'details', 'id', 'itemId', 'kind', 'reason', 'status']);
    expect(JSON.stringify(all.body)).not.toMatch(/Spam ring|buy now|staff|evidence/i);

    const page1 = await api(base, '/api/me/content-reports?limit=2', { key: reporter.key });
    expect(page1.body.reports.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]]);
    expect(page1.body.nextOffset).toBe(2);
    const page3 = await api(base, '/api/me/content-reports?limit=2&offset=4', { key: reporter.key });
    expect(page3.body.reports.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(page3.body.nextOffset).toBeNull();
    const exact = await api(base, '/api/me/content-reports?limit=5', { key: reporter.key });
    expect(exact.body.nextOffset).toBeNull();

    const removed = await api(base, '/api/me/content-reports?status=removed', { key: reporter.key });
    expect(removed.body.reports).toEqual([expect.objectContaining({ id: ids[1], status: 'removed', decidedAt: expect.stringMatching(ISO) })]);
    const open = await tool(reporterToken, 'list_my_content_reports', { status: 'open', limit: 3 });
    expect(open.reports.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(open.nextOffset).toBe(3);
    const rest = await tool(reporterToken, 'list_my_content_reports', { status: 'open', limit: 3, offset: 3 });
    expect(rest.reports.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(rest.nextOffset).toBeNull();
    expect((await tool(reporterToken, 'list_my_content_reports', { status: 'dismissed' })).reports).toEqual([]);

    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'status=closed', 'limit=abc']) {
      const res = await api(base, `/api/me/content-reports?${q}`, { key: reporter.key });
      expect(res.status, q).toBe(400);
    }
    expect((await api(base, '/api/me/content-reports')).status).toBe(401);
  });

  it('is limited per member (429), and a 409 is not counted', async () => {
    const reporter = await createMember(nats);
    const reporterToken = await mcpToken(reporter);
    const items = await createMembers(nats, 21);
    const item = items[0]!.id;
    expect((await post(reporter, '/api/content-reports', { kind: 'member', itemId: item, reason: 'spam' })).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await post(reporter, '/api/content-reports', { kind: 'member', itemId: item, reason: 'spam' })).status).toBe(409);
    for (let i = 1; i < 20; i++) {
      expect((await post(reporter, '/api/content-reports', { kind: 'member', itemId: items[i]!.id, reason: 'spam' })).status, `report ${i}`).toBe(201);
    }
    const refused = await post(reporter, '/api/content-reports', { kind: 'member', itemId: items[20]!.id, reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tool(reporterToken, 'report_content', { kind: 'member', item_id: items[20]!.id, reason: 'spam' })).toMatchObject({
      isError: true,
      status: 429,
    });
  });
});

describe('a tool error points at report_problem, which exists', () => {
  it('the note names report_problem and the tool answers', async () => {
    const member = await createMember(nats);
    const token = await mcpToken(member);
    const failed = await mcp(base, 'tools/call', { name: 'contact_for_help', arguments: { topic: 'nope', message: 'x' } }, token);
    const text = failed.body.result.content[0].text as string;
    expect(text).toMatch(/tool report_problem/);
    const listed = (await mcp(base, 'tools/list', {}, token)).body.result.tools.map((t: { name: string }) => t.name);
    expect(listed).toEqual(
      expect.arrayContaining(['report_problem', 'contact_for_help', 'submit_feature_request', 'report_content', 'list_my_content_reports']),
    );
  });
});
