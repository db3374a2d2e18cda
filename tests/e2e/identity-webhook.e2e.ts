import { createHmac, randomUUID } from 'node:crypto';

import { api, createMember, networkUrlOf, operatorCli, setSetting, type TestMember } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { E2E_ENV } from './global-setup.js';

/**
 * POST /api/identity/provider-webhook: an identity provider reports a check's outcome, signed with
 * the secret the system was started with. Members reach the identity step the real way (network
 * preview and confirm); the outcome shows on GET /api/me as the member would see it.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const PATH = '/api/identity/provider-webhook';
const [CURRENT_SECRET, PREVIOUS_SECRET] = E2E_ENV.IDENTITY_WEBHOOK_SECRET.split(',') as [string, string];
const INVALID = 'The signature is not valid.';

/** A stand-in for the provider: signs `{t}.{body}` with HMAC-SHA256, as its webhooks do. */
const provider = {
  sign(body: string, { secret = CURRENT_SECRET, at = Math.floor(Date.now() / 1000) } = {}): string {
    return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  },
  event(reference: string, status: string, extra: Record<string, unknown> = {}): string {
    return JSON.stringify({ id: `evt_${randomUUID()}`, reference, status, ...extra });
  },
  post(body: string, signature: string | undefined, contentType = 'application/json') {
    return api(base, PATH, {
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'identity-signature': signature }) },
    });
  },
};

/** A new member taken through the network step, so sign-up waits at `identity`. */
async function memberAtIdentityStep(): Promise<TestMember> {
  const member = await createMember(nats, { name: 'Nia Networking', completeProfile: false });
  const networkUrl = networkUrlOf('nia-networking');
  expect((await api(base, '/api/me/network/preview', { key: member.key, body: { networkUrl } })).status).toBe(200);
  const confirmed = await api(base, '/api/me/network/confirm', { key: member.key, body: { networkUrl } });
  expect(confirmed.body.signUp).toEqual({ step: 'identity', identity: 'none', verifiedName: null });
  return member;
}

async function signUpOf(member: TestMember): Promise<unknown> {
  return (await api(base, '/api/me', { key: member.key })).body.signUp;
}

beforeAll(async () => {
  await setSetting(nats, 'identity_verification', true);
});
afterAll(async () => {
  await setSetting(nats, 'identity_verification', null);
});

describe('the provider reports an outcome', () => {
  it('verified moves sign-up on to work; a replay of the same signed request changes nothing', async () => {
    const member = await memberAtIdentityStep();
    const body = provider.event(member.id, 'verified', { verifiedName: 'Nia N. Networking' });
    const signature = provider.sign(body);
    const res = await provider.post(body, signature);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ recorded: true });
    expect(await signUpOf(member)).toEqual({ step: 'work', identity: 'verified', verifiedName: 'Nia N. Networking' });

    // The operator's command line still records outcomes by hand, through the same handler.
    await operatorCli(nats, ['identity', 'record', '--member-id', member.id, '--status', 'review']);
    expect(await signUpOf(member)).toEqual({ step: 'work', identity: 'review', verifiedName: 'Nia N. Networking' });

    const replay = await provider.post(body, signature);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ recorded: false });
    expect(await signUpOf(member)).toEqual({ step: 'work', identity: 'review', verifiedName: 'Nia N. Networking' });

    // The member finishes sign-up as usual.
    const done = await api(base, '/api/me/work-authorization', { key: member.key, body: { usWorkAuthorized: true } });
    expect(done.status).toBe(200);
    expect(done.body.signUp).toBeNull();
  });

  it('failed keeps the member at the identity step; the previous secret of a rotation still verifies', async () => {
    const member = await memberAtIdentityStep();
    const body = provider.event(member.id, 'failed');
    const res = await provider.post(body, provider.sign(body, { secret: PREVIOUS_SECRET }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recorded: true });
    expect(await signUpOf(member)).toEqual({ step: 'identity', identity: 'failed', verifiedName: null });
  });

  it('an event naming no member is accepted and ignored, so the provider stops sending it', async () => {
    for (const reference of [randomUUID(), 'not-a-member-id']) {
      const body = provider.event(reference, 'verified');
      const res = await provider.post(body, provider.sign(body));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ recorded: false });
    }
  });

  it('a signed event of the wrong shape is 400 naming the field', async () => {
    const member = await memberAtIdentityStep();
    const body = JSON.stringify({ id: 'evt_shape', reference: member.id, status: 'approved' });
    const res = await provider.post(body, provider.sign(body));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['status']);
    expect(await signUpOf(member)).toEqual({ step: 'identity', identity: 'none', verifiedName: null });
  });
});

describe('refusals', () => {
  it('a missing, wrong, stale or future signature, or a changed body, is 401 with one message and nothing recorded', async () => {
    const member = await memberAtIdentityStep();
    const body = provider.event(member.id, 'verified');
    const now = Math.floor(Date.now() / 1000);
    const tampered = body.replace('"verified"', '"verified" ');
    const refused = [
      await provider.post(body, undefined),
      await provider.post(body, 'garbage'),
      await provider.post(body, provider.sign(body, { secret: 'not-the-secret' })),
      await provider.post(body, provider.sign(body, { at: now - 6 * 60 })),
      await provider.post(body, provider.sign(body, { at: now + 6 * 60 })),
      await provider.post(tampered, provider.sign(body)),
    ];
    for (const res of refused) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: INVALID });
      expect(res.body.fields).toBeUndefined();
    }
    expect(await signUpOf(member)).toEqual({ step: 'identity', identity: 'none', verifiedName: null });
    // The same event, signed now, is still recorded: a refused request did not use up its id.
    const accepted = await provider.post(body, provider.sign(body));
    expect(accepted.body).toEqual({ recorded: true });
  });

  it('a body over 2 MiB is 413, a body that is not JSON is 400', async () => {
    const member = await memberAtIdentityStep();
    const event = provider.event(member.id, 'verified');
    const huge = `${event.slice(0, -1)},"padding":"${'x'.repeat(2 * 1024 * 1024 - event.length - 12)}"}`;
    expect(Buffer.byteLength(huge)).toBe(2 * 1024 * 1024 + 1);
    const tooLarge = await provider.post(huge, provider.sign(huge));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatch(/2,097,152 bytes/);
    const form = await provider.post('status=verified', provider.sign('status=verified'), 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
    expect(await signUpOf(member)).toEqual({ step: 'identity', identity: 'none', verifiedName: null });
  });
});
