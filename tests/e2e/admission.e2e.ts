import { randomUUID } from 'node:crypto';

import { api, createMember, mailTo, mcp, operatorCli, setSetting, type TestMember, toolError, until } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const databaseUrl = inject('databaseUrl');

/**
 * Waitlist joins are limited per client address, whatever the surface (the API or the gate page):
 * each test joins from an address of its own (the tests' gateway trusts X-Forwarded-For), so the
 * joins of one test never use up another's allowance.
 */
const ownAddress = () => ({
  'x-forwarded-for': `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`,
});

/** Settings change through the operator's operation (the command line itself is checked once, below). */
async function setting(key: 'invite_only' | 'identity_verification' | 'invitations_per_member', value: string): Promise<void> {
  await setSetting(nats, key, value === 'default' ? null : value === 'true' ? true : value === 'false' ? false : Number(value));
}

describe('open by default', () => {
  it('GET /api/access: not invite-only; signed out or admitted', async () => {
    const out = await api(base, '/api/access');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ inviteOnly: false, standing: 'signed_out', gatePath: '/join' });
    const member = await createMember(nats);
    expect((await api(base, '/api/access', { key: member.key })).body.standing).toBe('admitted');
    expect((await api(base, '/api/jobs?limit=1')).status).toBe(200);
    expect((await api(base, `/api/members/${member.id}`)).status).toBe(200);
  });

  it('the gate page says no invitation is needed', async () => {
    const res = await fetch(`${base}/join`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('open to everyone');
  });
});

/**
 * The one test that drives the real command line, as an operator types it: every other test
 * reaches the same operator operations over the bus (createMember, setSetting, operatorCall).
 */
describe('the operator command line', () => {
  it('creates a member with a verified email, gives them a working key, and switches a setting', async () => {
    const email = `cli-${randomUUID().slice(0, 8)}@example.test`;
    const created = (await operatorCli(nats, ['member', 'create', '--email', email, '--name', 'Cleo Cli', '--complete-profile'])) as Record<string, unknown>;
    expect(created).toMatchObject({ email, name: 'Cleo Cli', emailVerified: true, staff: false, missing: [] });
    const key = (await operatorCli(nats, ['key', 'create', '--email', email])) as { key: string; memberId: string };
    expect(key.memberId).toBe(created.id);
    expect((await api(base, '/api/me', { key: key.key })).body).toMatchObject({ id: created.id, email, name: 'Cleo Cli' });
    try {
      await operatorCli(nats, ['setting', 'set', '--key', 'invite_only', '--value', 'true']);
      expect((await api(base, '/api/access')).body.inviteOnly).toBe(true);
    } finally {
      await setting('invite_only', 'default');
    }
    expect((await api(base, '/api/access')).body.inviteOnly).toBe(false);
  });
});

describe('invite-only', () => {
  let veteran: TestMember;
  let newcomer: TestMember;
  let jobId: string;

  beforeAll(async () => {
    veteran = await createMember(nats, { name: 'Vera Veteran' });
    jobId = (await api(base, '/api/me/jobs', { key: veteran.key, body: { title: 'Before the gate', category: 'data', constraints: 'Count.' } })).body.id;
    await setting('invite_only', 'true');
    newcomer = await createMember(nats, { name: 'Ned Newcomer' });
  });
  afterAll(async () => {
    await setting('invite_only', 'default');
    await setting('invitations_per_member', 'default');
  });

  it('signed-out job and member reads need an admitted member (401); the gate explains', async () => {
    const jobReads = [
      '/api/jobs',
      `/api/jobs/${jobId}`,
      `/api/jobs/${jobId}/applicants`,
      `/api/jobs/${jobId}/versions`,
      `/api/jobs/${jobId}/versions/1`,
      `/api/jobs/${jobId}/comments`,
      '/api/jobs/search?q=anything',
      '/api/jobs/posters',
      '/api/jobs/categories',
    ];
    for (const path of [...jobReads, `/api/members/${veteran.id}`]) {
      const res = await api(base, path);
      expect(res.status, path).toBe(401);
      expect(res.body.error).toMatch(/invite-only/);
    }
    // The same reads as tools, declared `board` in the catalogue: the bus server refuses them before any handler.
    for (const [name, args] of [
      ['get_member', { member_id: veteran.id }],
      ['get_job', { id: jobId }],
      ['list_job_versions', { job_id: jobId }],
      ['list_job_comments', { job_id: jobId }],
      ['list_job_categories', {}],
      ['search_jobs', { query: 'anything' }],
    ] as const) {
      const tool = await mcp(base, 'tools/call', { name, arguments: args });
      expect(toolError(tool).status, name).toBe(401);
    }
    expect((await api(base, '/api/access')).body).toEqual({ inviteOnly: true, standing: 'signed_out', gatePath: '/join' });
    const gate = await fetch(`${base}/join`);
    const page = await gate.text();
    expect(page).toContain('invite-only');
    expect(page).toMatch(/<label for="token">Invitation token<\/label>/);
    expect(page).toMatch(/<label for="email">Email address<\/label>/);
    expect(page).toContain('<html lang="en">');
    expect(gate.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('members from before invite-only enter without an invitation', async () => {
    expect((await api(base, '/api/access', { key: veteran.key })).body.standing).toBe('admitted');
    expect((await api(base, '/api/jobs', { key: veteran.key })).status).toBe(200);
    expect((await api(base, `/api/members/${veteran.id}`, { key: veteran.key })).status).toBe(200);
  });

  it('verified staff accounts enter without an invitation', async () => {
    const staff = await createMember(nats, { staff: true });
    expect((await api(base, '/api/access', { key: staff.key })).body.standing).toBe('admitted');
  });

  it('a newcomer reads /api/me but nothing else until let in; waitlist then invitation', async () => {
    const from = ownAddress();
    expect((await api(base, '/api/access', { key: newcomer.key })).body.standing).toBe('needs_invitation');
    expect((await api(base, '/api/me', { key: newcomer.key })).status).toBe(200);
    const list = await api(base, '/api/jobs', { key: newcomer.key });
    expect(list.status).toBe(403);
    expect(list.body.error).toMatch(/invitation/);
    expect((await api(base, '/api/me/jobs', { key: newcomer.key, body: { title: 'x', category: 'data', constraints: 'y' } })).status).toBe(403);
    expect((await api(base, '/api/me/profile', { key: newcomer.key, method: 'PATCH', body: { city: 'Reno' } })).status).toBe(403);
    expect((await api(base, '/api/me/invite-link', { key: newcomer.key })).status).toBe(403);
    // Every service applies the same guard: applications and notifications refuse alike.
    for (const path of ['/api/me/applications']) expect((await api(base, path, { key: newcomer.key })).status, path).toBe(403);
    expect((await api(base, '/api/me/notifications/deliver', { key: newcomer.key, body: {} })).status).toBe(403);

    const wait = await api(base, '/api/waitlist', { body: { email: newcomer.email.toUpperCase() }, headers: from });
    expect(wait.status).toBe(200);
    expect(wait.body).toEqual({ status: 'waiting' });
    expect((await api(base, '/api/access', { key: newcomer.key })).body.standing).toBe('waitlisted');

    const bogus = await api(base, '/api/me/invite', { key: newcomer.key, body: { token: 'not-a-real-token' } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.fields.token).toBeTruthy();

    const link = await api(base, '/api/me/invite-link', { key: veteran.key });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ uses: 0, joined: [], pendingEmailInvitations: 0, pendingInvitations: [], limit: 5, remaining: 5, revoked: false });
    expect(link.body.url).toBe(`${base}/join?token=${link.body.token}`);
    const own = await api(base, '/api/me/invite', { key: veteran.key, body: { token: link.body.token } });
    expect(own.status).toBe(200); // already let in: nothing changes

    const joined = await api(base, '/api/me/invite', { key: newcomer.key, body: { token: link.body.token } });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: newcomer.id, signUp: null });
    expect((await api(base, '/api/access', { key: newcomer.key })).body.standing).toBe('admitted');
    expect((await api(base, '/api/jobs', { key: newcomer.key })).status).toBe(200);
    // Joining again counts nothing more.
    expect((await api(base, '/api/me/invite', { key: newcomer.key, body: { token: link.body.token } })).status).toBe(200);
    // The public waitlist answer never tells anyone that this address has joined.
    const rejoin = await api(base, '/api/waitlist', { body: { email: newcomer.email }, headers: from });
    expect(rejoin.status).toBe(200);
    expect(rejoin.body).toEqual({ status: 'waiting' });
    const after = await api(base, '/api/me/invite-link', { key: veteran.key });
    expect(after.body).toMatchObject({ uses: 1, remaining: 4 });
    expect(after.body.joined).toEqual([{ id: newcomer.id, name: 'Ned Newcomer', joinedAt: expect.any(String) }]);
  });

  it('email invitations: sent over SMTP, reserve a place, count once on joining, stop at the allowance', async () => {
    await setting('invitations_per_member', '2');
    const inviter = await createMember(nats, { name: 'Ivy Inviter' });
    // Created after the switch, so let in with someone's link first.
    const link = (await api(base, '/api/me/invite-link', { key: veteran.key })).body;
    await api(base, '/api/me/invite', { key: inviter.key, body: { token: link.token } });

    const friend = `friend-${Date.now()}@example.test`;
    const first = await api(base, '/api/me/email-invites', { key: inviter.key, body: { email: friend.toUpperCase() } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ emailed: true, alreadyInvited: false });
    const mails = await until(async () => {
      const m = await mailTo(mailDir, friend);
      return m.length ? m : undefined;
    });
    const own = (await api(base, '/api/me/invite-link', { key: inviter.key })).body;
    expect(mails[0]!.links).toContain(`${base}/join?token=${own.token}`);
    expect(`${mails[0]!.subject}\n${mails[0]!.text}`).toContain('Ivy Inviter invited you');

    const again = await api(base, '/api/me/email-invites', { key: inviter.key, body: { email: friend } });
    expect(again.body).toEqual({ emailed: false, alreadyInvited: true });
    expect(await mailTo(mailDir, friend)).toHaveLength(1);

    const second = `second-${Date.now()}@example.test`;
    expect((await api(base, '/api/me/email-invites', { key: inviter.key, body: { email: second } })).body.emailed).toBe(true);
    const full = await api(base, '/api/me/email-invites', { key: inviter.key, body: { email: `third-${Date.now()}@example.test` } });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatch(/no invitations left/);

    const state = await api(base, '/api/me/invite-link', { key: inviter.key });
    expect(state.body).toMatchObject({ limit: 2, remaining: 0, pendingEmailInvitations: 2, uses: 0 });
    expect(state.body.pendingInvitations.map((p: { email: string; state: string }) => [p.email, p.state])).toEqual([
      [second, 'sent'],
      [friend, 'sent'],
    ]);

    // The emailed friend joins through the link: the reserved place becomes the join (counted once).
    const friendMember = await createMember(nats, { email: friend, name: 'Fred Friend', completeProfile: false });
    const friendKey = friendMember.key;
    expect((await api(base, '/api/me/invite', { key: friendKey, body: { token: own.token } })).status).toBe(200);
    const counted = await api(base, '/api/me/invite-link', { key: inviter.key });
    expect(counted.body).toMatchObject({ uses: 1, remaining: 0, pendingEmailInvitations: 1 });
    expect(counted.body.joined.map((j: { id: string }) => j.id)).toEqual([friendMember.id]);

    // No places left for someone nobody emailed.
    const stranger = await createMember(nats);
    const refused = await api(base, '/api/me/invite', { key: stranger.key, body: { token: own.token } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/no places left/);

    await setting('invitations_per_member', '0');
    const unlimited = await api(base, '/api/me/invite-link', { key: inviter.key });
    expect(unlimited.body).toMatchObject({ limit: null, remaining: null });
    expect((await api(base, '/api/me/invite', { key: stranger.key, body: { token: own.token } })).status).toBe(200);
  });

  it('a failed delivery answers 503, keeps its place and may be retried', async () => {
    await setting('invitations_per_member', '0');
    const inviter = await createMember(nats);
    const veteranToken = (await api(base, '/api/me/invite-link', { key: veteran.key })).body.token;
    expect((await api(base, '/api/me/invite', { key: inviter.key, body: { token: veteranToken } })).status).toBe(200);
    await setting('invitations_per_member', '1');
    const address = `undeliverable-${Date.now()}@example.invalid`;
    const failed = await api(base, '/api/me/email-invites', { key: inviter.key, body: { email: address } });
    expect(failed.status).toBe(503);
    const state = await api(base, '/api/me/invite-link', { key: inviter.key });
    expect(state.body.pendingInvitations).toEqual([{ email: address, state: 'failed', createdAt: expect.any(String) }]);
    expect(state.body.remaining).toBe(0);
    // The retry uses the reserved place (no 409 although the allowance is used up).
    expect((await api(base, '/api/me/email-invites', { key: inviter.key, body: { email: address } })).status).toBe(503);
  });

  it('refuses self-invites and bad addresses', async () => {
    const self = await api(base, '/api/me/email-invites', { key: veteran.key, body: { email: veteran.email } });
    expect(self.status).toBe(400);
    expect(self.body.fields.email).toBeTruthy();
    const bad = await api(base, '/api/me/email-invites', { key: veteran.key, body: { email: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ email: 'Must be an email address.' });
  });

  it('the gate page joins the waitlist and accepts an invitation with plain forms', async () => {
    const from = ownAddress();
    const form = (body: Record<string, string>, key?: string) =>
      fetch(`${base}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from, ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: new URLSearchParams(body).toString(),
      });
    const email = `gate-${Date.now()}@example.test`;
    const joined = await form({ action: 'waitlist', email });
    expect(joined.status).toBe(200);
    const page = await joined.text();
    expect(page).toContain('role="status"');
    expect(page).toContain(`You are on the waitlist as ${email}`);
    const bad = await form({ action: 'waitlist', email: '<script>x</script>' });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('role="alert"');
    expect(badPage).toContain('aria-invalid="true"');
    expect(badPage).not.toContain('<script>x');

    await setting('invitations_per_member', '0');
    const token = (await api(base, '/api/me/invite-link', { key: veteran.key })).body.token;
    const signedOut = await form({ action: 'invite', token });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain('Sign in first');
    const prefilled = await (await fetch(`${base}/join?token=${token}`)).text();
    expect(prefilled).toContain(`value="${token}"`);
    const guest = await createMember(nats);
    const accepted = await form({ action: 'invite', token }, guest.key);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('You are in.');
    expect((await api(base, '/api/access', { key: guest.key })).body.standing).toBe('admitted');
  });

  it('invitation tries are limited per member per hour (429 with Retry-After)', async () => {
    const guesser = await createMember(nats);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await api(base, '/api/me/invite', { key: guesser.key, body: { token: `guess-${i}` } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await api(base, '/api/me/invite', { key: guesser.key, body: { token: 'one-more' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('the invitation tools exist and need sign-in', async () => {
    for (const name of ['get_my_invite_link', 'invite_by_email']) {
      const res = await mcp(base, 'tools/call', { name, arguments: {} });
      expect(res.status).toBe(401);
    }
  });
});

describe('waitlist', () => {
  it('is idempotent per address, limited per address per hour, and validates', async () => {
    const from = ownAddress();
    const email = `wait-${Date.now()}@example.test`;
    const first = await api(base, '/api/waitlist', { body: { email }, headers: from });
    expect(first.body).toEqual({ status: 'waiting' });
    for (let i = 0; i < 4; i++) {
      const again = await api(base, '/api/waitlist', { body: { email }, headers: from });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    const limited = await api(base, '/api/waitlist', { body: { email }, headers: from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(base, '/api/waitlist', { body: { email: 'nope' }, headers: from })).status).toBe(400);
    expect((await api(base, '/api/waitlist', { body: { email: `${'a'.repeat(250)}@x.io` }, headers: from })).status).toBe(400);
    const huge = await api(base, '/api/waitlist', {
      rawBody: JSON.stringify({ email: 'x'.repeat(2_200_000) }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    });
    expect(huge.status).toBe(413);
  });

  it('answers an invited address exactly as a new one, so nobody learns who was invited', async () => {
    const from = ownAddress();
    const invited = `invited-${randomUUID().slice(0, 8)}@example.test`;
    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.test`;
    expect((await api(base, '/api/waitlist', { body: { email: invited }, headers: from })).status).toBe(200);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const marked = await db.query("UPDATE identity.waitlist SET invited_at = now() - interval '1 day' WHERE email = $1", [invited]);
      expect(marked.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    const [a, b] = [
      await api(base, '/api/waitlist', { body: { email: invited }, headers: from }),
      await api(base, '/api/waitlist', { body: { email: fresh }, headers: from }),
    ];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual({ status: 'waiting' });
    expect(a.body).toEqual(b.body);
  });

  it('limits joins per client address, so one client cannot lock everyone else out', async () => {
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const [flooder, other] = [`10.${octet()}.${octet()}.${octet()}`, `10.${octet()}.${octet()}.${octet()}`];
    const join = (ip: string, i: number) =>
      api(base, '/api/waitlist', {
        body: { email: `flood-${Date.now()}-${i}@example.test` },
        headers: { 'x-forwarded-for': ip },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await join(flooder, i)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // Another address still gets in.
    const elsewhere = await join(other, 100);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.status).toBe('waiting');
  });
});
