import { operatorRecordIdentityCheck } from '@marketplace/contracts';
import { api, createMember, mcp, networkUrlOf, operatorCall, setSetting, type TestMember } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const FINISH = 'Finish signing up first.';

/** Settings change through the operator's operation (the command line itself is checked once, in admission.e2e.ts). */
async function setting(key: 'invite_only' | 'identity_verification' | 'invitations_per_member', value: string): Promise<void> {
  await setSetting(nats, key, value === 'default' ? null : value === 'true' ? true : value === 'false' ? false : Number(value));
}

describe('network profile import', () => {
  let nia: TestMember;
  beforeAll(async () => {
    nia = await createMember(nats, { name: 'Nia Network', completeProfile: false });
  });

  it('find_my_network_profile: exact name matches only, best first, linking nothing', async () => {
    const res = await api(base, '/api/me/profile/network', { key: nia.key });
    expect(res.status).toBe(200);
    expect(res.body.profiles.map((p: { networkUrl: string }) => p.networkUrl)).toEqual([networkUrlOf('nia-network'), networkUrlOf('nia-network-2')]);
    expect(res.body.profiles[0]).toMatchObject({ name: 'Nia Network', headline: 'Data engineer at Example Co', location: 'Boise, Idaho' });
    expect((await api(base, '/api/me', { key: nia.key })).body.networkUrl).toBeNull();
    const nobody = await createMember(nats, { name: 'Zed Unknown' });
    expect((await api(base, '/api/me/profile/network', { key: nobody.key })).body).toEqual({ profiles: [] });
    expect((await mcp(base, 'tools/call', { name: 'find_my_network_profile', arguments: {} })).status).toBe(401);
  });

  it('a first import needs usWorkAuthorized; nothing is saved until everything required is there', async () => {
    const missing = await api(base, '/api/me/profile/network', { key: nia.key, body: { networkUrl: networkUrlOf('nia-network') } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ usWorkAuthorized: 'Required on a first import.' });
    const me = await api(base, '/api/me', { key: nia.key });
    expect(me.body.networkUrl).toBeNull();
    expect(me.body.profile.headline).toBeNull();
  });

  it('imports name, headline, about, skills, city, state, website and resume, replacing saved values', async () => {
    await api(base, '/api/me/profile', { key: nia.key, method: 'PATCH', body: { about: 'old about', city: 'Old Town' } });
    const res = await api(base, '/api/me/profile/network', {
      key: nia.key,
      body: { networkUrl: `${networkUrlOf('nia-network')}/`, usWorkAuthorized: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nia Network', networkUrl: networkUrlOf('nia-network'), missing: [] });
    expect(res.body.profile).toEqual({
      headline: 'Data engineer at Example Co',
      about: 'I build pipelines.',
      skills: ['SQL', 'Airflow', 'Python'],
      city: 'Boise',
      state: 'ID',
      website: 'https://nia.example.com/',
      resume: '# Nia Network\n\n## Experience\n- Data engineer',
      usWorkAuthorized: true,
      applicantVisibility: 'anonymous',
    });
    const page = await api(base, `/api/members/${nia.id}`);
    expect(page.body).toMatchObject({ networkUrl: networkUrlOf('nia-network'), city: 'Boise', stateName: 'Idaho' });
  });

  it('a profile without a city or state needs them sent; sent values win', async () => {
    const cy = await createMember(nats, { name: 'Cy Nocity' });
    const refused = await api(base, '/api/me/profile/network', { key: cy.key, body: { networkUrl: networkUrlOf('cy-nocity') } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields).sort()).toEqual(['city', 'state']);
    const ok = await api(base, '/api/me/profile/network', { key: cy.key, body: { networkUrl: networkUrlOf('cy-nocity'), city: 'Tulsa', state: 'OK' } });
    expect(ok.status).toBe(200);
    expect(ok.body.profile).toMatchObject({ city: 'Tulsa', state: 'OK', website: null, headline: 'Remote writer' });
  });

  it('400 for a link that is not a network profile, 404 for an unknown one, 503 when the provider fails', async () => {
    const bad = await api(base, '/api/me/profile/network', { key: nia.key, body: { networkUrl: 'http://network.example/in/x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.networkUrl).toMatch(/network profile link/);
    expect((await api(base, '/api/me/profile/network', { key: nia.key, body: { networkUrl: networkUrlOf('nobody-here') } })).status).toBe(404);
    const down = await api(base, '/api/me/profile/network', { key: nia.key, body: { networkUrl: networkUrlOf('broken') } });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatch(/provider is unavailable/);
  });
});

describe('sign-up steps with identity verification disabled (default)', () => {
  it('members are finished: signUp is null and the steps answer 409', async () => {
    const member = await createMember(nats);
    const me = await api(base, '/api/me', { key: member.key });
    expect(me.body).toMatchObject({ signUp: null, identityVerificationEnabled: false });
    const url = networkUrlOf('nia-network');
    expect((await api(base, '/api/me/network/preview', { key: member.key, body: { networkUrl: url } })).status).toBe(409);
    expect((await api(base, '/api/me/network/confirm', { key: member.key, body: { networkUrl: url } })).status).toBe(409);
    expect((await api(base, '/api/me/work-authorization', { key: member.key, body: { usWorkAuthorized: true } })).status).toBe(409);
  });
});

describe('sign-up steps with identity verification enabled', () => {
  let veteran: TestMember;
  let fresh: TestMember;
  beforeAll(async () => {
    veteran = await createMember(nats);
    expect((await api(base, '/api/me', { key: veteran.key })).status).toBe(200);
    await setting('identity_verification', 'true');
    fresh = await createMember(nats, { name: 'Nia Network' });
  });
  afterAll(async () => {
    await setting('identity_verification', 'default');
  });

  it('every other member route answers 403 "Finish signing up first." across services', async () => {
    const me = await api(base, '/api/me', { key: fresh.key });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ identityVerificationEnabled: true, signUp: { step: 'network', identity: 'none', verifiedName: null } });
    const blocked = [
      await api(base, '/api/me/profile', { key: fresh.key, method: 'PATCH', body: { city: 'Reno' } }),
      await api(base, '/api/me/jobs', { key: fresh.key, body: { title: 'Too early', category: 'data', constraints: 'No.' } }),
      await api(base, '/api/me/jobs', { key: fresh.key }),
      await api(base, '/api/me/notifications/deliver', { key: fresh.key, method: 'POST' }),
      await api(base, '/api/me/invite-link', { key: fresh.key }),
      await api(base, '/api/me/profile/network', { key: fresh.key }),
    ];
    for (const res of blocked) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(FINISH);
      expect(res.body.code).toBe('sign_up_unfinished');
    }
    // Members who finished before are not affected.
    expect((await api(base, '/api/me/jobs', { key: veteran.key })).status).toBe(200);
    expect((await api(base, '/api/me', { key: veteran.key })).body.signUp).toBeNull();
  });

  it('network, then identity, then work: each step in order', async () => {
    const url = networkUrlOf('nia-network');
    expect((await api(base, '/api/me/work-authorization', { key: fresh.key, body: { usWorkAuthorized: true } })).status).toBe(409);
    const early = await api(base, '/api/me/network/confirm', { key: fresh.key, body: { networkUrl: url } });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/preview/);
    expect((await api(base, '/api/me/network/preview', { key: fresh.key, body: { networkUrl: networkUrlOf('nobody-here') } })).status).toBe(404);

    const preview = await api(base, '/api/me/network/preview', { key: fresh.key, body: { networkUrl: url } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ networkUrl: url, name: 'Nia Network', headline: 'Data engineer at Example Co' });
    expect((await api(base, '/api/me', { key: fresh.key })).body.networkUrl).toBeNull();
    const other = await api(base, '/api/me/network/confirm', { key: fresh.key, body: { networkUrl: networkUrlOf('nia-network-2') } });
    expect(other.status).toBe(409);

    const confirmed = await api(base, '/api/me/network/confirm', { key: fresh.key, body: { networkUrl: url } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ networkUrl: url, signUp: { step: 'identity', identity: 'none' } });
    expect((await api(base, '/api/me/network/confirm', { key: fresh.key, body: { networkUrl: url } })).status).toBe(409);
    expect((await api(base, '/api/me/work-authorization', { key: fresh.key, body: { usWorkAuthorized: true } })).status).toBe(409);

    await operatorCall(nats, operatorRecordIdentityCheck, { memberId: fresh.id, status: 'verified', verifiedName: 'Nia Q. Network' });
    const atWork = await api(base, '/api/me', { key: fresh.key });
    expect(atWork.body.signUp).toEqual({ step: 'work', identity: 'verified', verifiedName: 'Nia Q. Network' });
    expect((await api(base, '/api/me/profile', { key: fresh.key, method: 'PATCH', body: { city: 'Reno' } })).status).toBe(403);

    const no = await api(base, '/api/me/work-authorization', { key: fresh.key, body: { usWorkAuthorized: false } });
    expect(no.status).toBe(400);
    expect(no.body.fields).toEqual({ usWorkAuthorized: 'Must be true.' });
    const done = await api(base, '/api/me/work-authorization', { key: fresh.key, body: { usWorkAuthorized: true } });
    expect(done.status).toBe(200);
    expect(done.body.signUp).toBeNull();
    expect(done.body.profile.usWorkAuthorized).toBe(true);
    expect((await api(base, '/api/me/profile', { key: fresh.key, method: 'PATCH', body: { city: 'Reno' } })).status).toBe(200);
    expect((await api(base, '/api/me/work-authorization', { key: fresh.key, body: { usWorkAuthorized: true } })).status).toBe(409);
  });

  it('turning verification off finishes pending members automatically', async () => {
    const pending = await createMember(nats);
    expect((await api(base, '/api/me/jobs', { key: pending.key })).status).toBe(403);
    await setting('identity_verification', 'false');
    expect((await api(base, '/api/me/jobs', { key: pending.key })).status).toBe(200);
    expect((await api(base, '/api/me', { key: pending.key })).body.signUp).toBeNull();
    await setting('identity_verification', 'true');
    // Finished for good: turning it back on does not send them back to the first step.
    expect((await api(base, '/api/me/jobs', { key: pending.key })).status).toBe(200);
  });
});
