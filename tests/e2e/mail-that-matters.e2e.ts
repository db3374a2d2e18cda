import { randomUUID } from 'node:crypto';

import { contentModeratedV1, fileAccessGrantedV1, invitationAcceptedV1, jobClosedV1, teamMemberInvitedV1 } from '@marketplace/contracts';
import { api, type CaughtMessage, createMember, dbQuery, mailTo, sessionHeaders, signIn, type TestMember, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const mailDir = inject('mailDir');

async function mailOf(email: string, what: RegExp): Promise<CaughtMessage> {
  return until(async () => (await mailTo(mailDir, email)).find((m) => what.test(m.subject) || what.test(m.text)), {
    timeoutMs: 20_000,
    what: `a mail to ${email} matching ${what}`,
  });
}

function unsubscribeLinks(mail: CaughtMessage): string[] {
  return mail.links.filter((l) => l.includes('/unsubscribe?token='));
}

const now = () => new Date().toISOString();

describe('mail that matters', () => {
  it('a first sign-in gets one welcome email; signing in again sends no second one', async () => {
    const first = await signIn(base, mailDir);
    const welcome = await mailOf(first.email, /^Welcome to the marketplace/);
    expect(welcome.text).toMatch(/Agent access/);
    // A notice about the account: sent whatever the switches say, so it names none to turn off.
    expect(unsubscribeLinks(welcome)).toEqual([]);
    expect(welcome.text).toMatch(/notice about your account/);

    await signIn(base, mailDir, { email: first.email });
    const [member] = await dbQuery<{ id: string }>(db, 'SELECT id FROM identity.members WHERE email = $1', [first.email]);
    await until(
      async () =>
        (
          await dbQuery(
            db,
            'SELECT 1 FROM notifications.email_alerts e JOIN notifications.email_digests d ON d.id = e.digest_id WHERE e.member_id = $1 AND d.sent_at IS NOT NULL',
            [member!.id],
          )
        ).length > 0,
      { what: 'the welcome to be sent' },
    );
    expect((await mailTo(mailDir, first.email)).filter((m) => /^Welcome/.test(m.subject))).toHaveLength(1);
    // The welcome stays among the member's notifications.
    const alerts = await api(base, '/api/me/notifications/deliver', { method: 'POST', headers: sessionHeaders(base, first), body: {} });
    expect(JSON.stringify(alerts.body)).toContain('member.joined');
  });

  const cases: { name: string; switch: string; send: (m: TestMember) => Promise<unknown>; subject: RegExp }[] = [
    {
      name: 'a job expired',
      switch: 'applications',
      subject: /expired|14 days/i,
      send: (m) => publishEvent(nats, jobClosedV1, { jobId: randomUUID(), posterId: m.id, reason: 'expired', closedAt: now() }),
    },
    {
      name: 'a job removed by staff',
      switch: 'applications',
      subject: /Your job was removed by moderators: spam/,
      send: (m) => publishEvent(nats, contentModeratedV1, { kind: 'job', itemId: randomUUID(), ownerId: m.id, action: 'removed', reason: 'spam' }),
    },
    {
      name: 'a job restored by staff',
      switch: 'applications',
      subject: /Your job was restored after review: appeal upheld/,
      send: (m) => publishEvent(nats, contentModeratedV1, { kind: 'job', itemId: randomUUID(), ownerId: m.id, action: 'restored', reason: 'appeal upheld' }),
    },
    {
      name: 'job files shared with the worker',
      switch: 'hiringAndWork',
      subject: /file/i,
      send: (m) =>
        publishEvent(nats, fileAccessGrantedV1, {
          jobId: randomUUID(),
          hireId: randomUUID(),
          posterId: randomUUID(),
          workerId: m.id,
          recipientIds: [m.id],
          grantedAt: now(),
        }),
    },
    {
      name: 'an invitation accepted',
      switch: 'messages',
      subject: /invit|joined/i,
      send: (m) => publishEvent(nats, invitationAcceptedV1, { inviterId: m.id, memberId: randomUUID(), joinedAt: now() }),
    },
    {
      name: 'a team invitation',
      switch: 'messages',
      subject: /Harbour Crew/,
      send: (m) =>
        publishEvent(nats, teamMemberInvitedV1, {
          invitationId: randomUUID(),
          teamId: randomUUID(),
          teamName: 'Harbour Crew',
          memberId: m.id,
          role: 'member',
          invitedAt: now(),
        }),
    },
  ];

  for (const c of cases) {
    it(`${c.name} is emailed with the link that turns its switch (${c.switch}) off, and not once that switch is off`, async () => {
      const [on, off] = await Promise.all([createMember(nats), createMember(nats)]);
      const patched = await api(base, '/api/me/contact-notifications', { key: off.key, method: 'PATCH', body: { [c.switch]: false } });
      expect(patched.status).toBe(200);
      await c.send(on);
      await c.send(off);
      const mail = await mailOf(on.email, c.subject);
      const links = unsubscribeLinks(mail);
      expect(links).toHaveLength(1);
      // The token is `<member>.<switch>.<signature>`: the link turns off the switch that governs the email.
      const token = decodeURIComponent(new URL(links[0]!).searchParams.get('token')!);
      expect(token.split('.').slice(0, 2)).toEqual([on.id, c.switch]);
      expect((await fetch(links[0]!)).status).toBe(200);

      // The member with the switch off has the alert but no email for it.
      await until(async () => (await dbQuery(db, 'SELECT 1 FROM notifications.alerts WHERE member_id = $1', [off.id])).length > 0, {
        what: 'the alert of the member with the switch off',
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await mailTo(mailDir, off.email)).toEqual([]);
    });
  }
});
