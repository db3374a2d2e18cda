import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { applicationSubmittedV1, jobCommentedV1, jobPreferredWorkersNamedV1, messageSentV1, workSubmittedV1 } from '@marketplace/contracts';
import { api, type CaughtMessage, createMember, dbQuery, mailTo, mcp, type TestMember, toolResult, until, waitForMail } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const mailDir = inject('mailDir');

const ALL_ON = { comments: true, preferredWorker: true, applications: true, hiringAndWork: true, messages: true };

function applied(poster: TestMember, jobId = randomUUID()): Promise<string> {
  return publishEvent(nats, applicationSubmittedV1, {
    applicationId: randomUUID(),
    jobId,
    applicantId: randomUUID(),
    posterId: poster.id,
    jobVersion: 1,
    viaAgent: false,
    submittedAt: new Date().toISOString(),
  });
}

function messaged(recipient: TestMember, title: string): Promise<string> {
  return publishEvent(nats, messageSentV1, {
    messageId: randomUUID(),
    applicationId: randomUUID(),
    jobId: randomUUID(),
    title,
    senderId: randomUUID(),
    recipientId: recipient.id,
    senderRole: 'applicant',
    sentAt: new Date().toISOString(),
  });
}

/**
 * Waits until the member's `alerts` alerts are written and every email they are due has gone out
 * (no digest left open or unsent); without the count, a check made before the events are heard passes.
 */
async function settled(member: TestMember, alerts: number): Promise<void> {
  await until(
    async () => {
      const written = await dbQuery(db, 'SELECT 1 FROM notifications.alerts WHERE member_id = $1', [member.id]);
      if (written.length < alerts) return false;
      const open = await dbQuery(db, 'SELECT 1 FROM notifications.email_digests WHERE member_id = $1 AND sent_at IS NULL', [member.id]);
      const waiting = await dbQuery(db, 'SELECT 1 FROM notifications.email_alerts WHERE member_id = $1 AND digest_id IS NULL', [member.id]);
      return open.length === 0 && waiting.length === 0;
    },
    { timeoutMs: 20_000, what: 'alert emails to settle' },
  );
}

function unsubscribeLinks(mail: CaughtMessage): string[] {
  return mail.links.filter((l) => l.includes('/unsubscribe?token='));
}

describe('email switches', () => {
  it('are all on by default, with email delivery available, on REST and MCP', async () => {
    const member = await createMember(nats);
    const res = await api(base, '/api/me/contact-notifications', { key: member.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...ALL_ON, emailDelivery: 'available' });

    const token = await mcpToken(member);
    const call = (name: string, args: Record<string, unknown> = {}) => mcp(base, 'tools/call', { name, arguments: args }, token);
    expect(toolResult(await call('get_contact_notifications'))).toEqual({ ...ALL_ON, emailDelivery: 'available' });
    expect(toolResult(await call('set_contact_notifications', { messages: false }))).toEqual({ ...ALL_ON, messages: false, emailDelivery: 'available' });
    expect((await api(base, '/api/me/contact-notifications', { key: member.key })).body.messages).toBe(false);
  });

  it('change only the switches named; naming none or a non-boolean is 400', async () => {
    const member = await createMember(nats);
    const off = await api(base, '/api/me/contact-notifications', { key: member.key, method: 'PATCH', body: { comments: false, applications: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...ALL_ON, comments: false, applications: false, emailDelivery: 'available' });
    const on = await api(base, '/api/me/contact-notifications', { key: member.key, method: 'PATCH', body: { comments: true } });
    expect(on.body).toEqual({ ...ALL_ON, applications: false, emailDelivery: 'available' });

    const none = await api(base, '/api/me/contact-notifications', { key: member.key, method: 'PATCH', body: {} });
    expect(none.status).toBe(400);
    const wrong = await api(base, '/api/me/contact-notifications', { key: member.key, method: 'PATCH', body: { comments: 'no' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('comments');
    expect((await api(base, '/api/me/contact-notifications')).status).toBe(401);
  });
});

describe('alert emails', () => {
  it('send the first alert at once and batch the rest of a burst, one email per window at most', async () => {
    const poster = await createMember(nats);
    const jobId = randomUUID();
    await applied(poster, jobId);
    await applied(poster, jobId);
    await messaged(poster, 'Sort the archive');
    await messaged(poster, 'Sort the archive again');
    await settled(poster, 4);
    const mails = await mailTo(mailDir, poster.email);
    // The first digest may go before the rest of the burst arrives; the rest wait for the next.
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(2);
    const text = mails.map((m) => m.text).join('\n');
    expect(text.match(/Your job received a new application\./g)).toHaveLength(2);
    expect(text.match(/New message from the applicant about "Sort the archive"\./g)).toHaveLength(1);
    expect(text.match(/New message from the applicant about "Sort the archive again"\./g)).toHaveLength(1);
    const batched = mails.find((m) => /new alerts on the marketplace$/.test(m.subject))!;
    expect(batched).toBeDefined();
    // One link per switch the email was sent under.
    expect(unsubscribeLinks(batched).length).toBeGreaterThanOrEqual(1);
    expect(unsubscribeLinks(batched).length).toBeLessThanOrEqual(2);

    // Each digest was put together a whole window (2 s in tests) after the one before.
    const digests = await dbQuery<{ emailed: boolean; closed_at: Date }>(
      db,
      'SELECT emailed, closed_at FROM notifications.email_digests WHERE member_id = $1 ORDER BY closed_at',
      [poster.id],
    );
    expect(digests).toHaveLength(mails.length);
    expect(digests.every((d) => d.emailed)).toBe(true);
    for (let i = 1; i < digests.length; i++) {
      expect(digests[i]!.closed_at.getTime() - digests[i - 1]!.closed_at.getTime()).toBeGreaterThanOrEqual(2000);
    }
  });

  it('tell the poster and the parent author of a comment, never its writer', async () => {
    const [poster, parent, writer] = await Promise.all([createMember(nats), createMember(nats), createMember(nats)]);
    const jobId = randomUUID();
    const root = randomUUID();
    await publishEvent(nats, jobCommentedV1, {
      jobId,
      commentId: randomUUID(),
      threadRootId: root,
      title: 'Fix a faucet',
      authorId: writer.id,
      posterId: poster.id,
      parentAuthorId: parent.id,
    });
    // The poster replies to their own thread: only the parent author hears of it.
    await publishEvent(nats, jobCommentedV1, {
      jobId,
      commentId: randomUUID(),
      threadRootId: root,
      title: 'Fix a faucet',
      authorId: poster.id,
      posterId: poster.id,
      parentAuthorId: parent.id,
    });
    await Promise.all([settled(poster, 1), settled(parent, 2)]);
    const toPoster = await mailTo(mailDir, poster.email);
    expect(toPoster).toHaveLength(1);
    expect(toPoster[0]!.text).toContain('New comment on your job "Fix a faucet".');
    expect(toPoster[0]!.text).not.toContain('replied');
    await until(async () => (await mailTo(mailDir, parent.email)).length >= 1 || undefined);
    const toParent = (await mailTo(mailDir, parent.email)).map((m) => m.text).join('\n');
    expect(toParent.match(/Someone replied to your comment on "Fix a faucet"\./g)?.length).toBe(2);
    expect(await mailTo(mailDir, writer.email)).toEqual([]);
  });

  it('reach preferred workers and the steps of hired work', async () => {
    const [worker, poster] = await Promise.all([createMember(nats), createMember(nats)]);
    const jobId = randomUUID();
    await publishEvent(nats, jobPreferredWorkersNamedV1, { jobId, posterId: poster.id, title: 'Paint a fence', workerIds: [worker.id] });
    await publishEvent(nats, workSubmittedV1, {
      jobId,
      applicationId: randomUUID(),
      title: 'Paint a fence',
      posterId: poster.id,
      workerId: worker.id,
      actorId: worker.id,
      at: new Date().toISOString(),
      round: 1,
    });
    const toWorker = await waitForMail(mailDir, worker.email);
    expect(toWorker.text).toContain('A poster named you as a preferred worker for "Paint a fence".');
    const toPoster = await waitForMail(mailDir, poster.email);
    expect(toPoster.text).toContain('Round 1 of "Paint a fence" was turned in for your review.');
  });

  it('are not sent for a switch that is off', async () => {
    const poster = await createMember(nats);
    await api(base, '/api/me/contact-notifications', { key: poster.key, method: 'PATCH', body: { applications: false } });
    await applied(poster);
    await messaged(poster, 'Label the boxes');
    await settled(poster, 2);
    const mails = await mailTo(mailDir, poster.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Label the boxes');
    expect(mails[0]!.text).not.toContain('new application');
  });
});

describe('unsubscribe links', () => {
  it('open a page that changes nothing; its button turns that one switch off without signing in', async () => {
    const member = await createMember(nats);
    await messaged(member, 'Water the plants');
    const mail = await waitForMail(mailDir, member.email);
    const [link] = unsubscribeLinks(mail);
    expect(link).toBeDefined();
    const url = new URL(link!);

    const page = await fetch(`${base}${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Turn off these emails');
    expect((await api(base, '/api/me/contact-notifications', { key: member.key })).body.messages).toBe(true);

    const token = url.searchParams.get('token')!;
    const done = await fetch(`${base}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('are now off');
    expect((await api(base, '/api/me/contact-notifications', { key: member.key })).body).toEqual({
      ...ALL_ON,
      messages: false,
      emailDelivery: 'available',
    });

    // The JSON operation does the same, and repeats are harmless.
    const again = await api(base, '/api/contact-notifications/unsubscribe', { method: 'POST', body: { token } });
    expect(again.status).toBe(200);
    expect(again.body.switch).toBe('messages');
  });

  it("work with a mail client's one-click unsubscribe (RFC 8058) named in the email's headers", async () => {
    const member = await createMember(nats);
    await publishEvent(nats, jobCommentedV1, {
      jobId: randomUUID(),
      commentId: randomUUID(),
      title: 'Hang a shelf',
      authorId: randomUUID(),
      posterId: member.id,
      parentAuthorId: null,
    });
    const mail = await waitForMail(mailDir, member.email);
    const raw = (await readFile(join(mailDir, `${mail.id}.eml`), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)?.[1];
    expect(header).toBeDefined();
    const url = new URL(header!);
    const res = await fetch(`${base}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await api(base, '/api/me/contact-notifications', { key: member.key })).body).toEqual({
      ...ALL_ON,
      comments: false,
      emailDelivery: 'available',
    });
  });

  it('refuse a token that was tampered with', async () => {
    const member = await createMember(nats);
    const forged = `${member.id}.comments.${'A'.repeat(43)}`;
    const res = await api(base, '/api/contact-notifications/unsubscribe', { method: 'POST', body: { token: forged } });
    expect(res.status).toBe(400);
    const page = await fetch(`${base}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${forged}`,
    });
    expect(page.status).toBe(400);
    expect((await api(base, '/api/me/contact-notifications', { key: member.key })).body.comments).toBe(true);
  });
});
