import { api, createMember, mcp, mcpAccessToken, type TestMember, toolError, toolResult, until } from '@marketplace/testing';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');

describe('me and profile', () => {
  let ann: TestMember;
  beforeAll(async () => {
    ann = await createMember(nats, { completeProfile: false, name: 'Ann Profile' });
  });

  it('GET /api/me answers the account with what is missing and no sign-up left', async () => {
    const me = await api(base, '/api/me', { key: ann.key });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(me.body).toMatchObject({
      id: ann.id,
      email: ann.email,
      name: 'Ann Profile',
      photoUrl: null,
      networkUrl: null,
      signUp: null,
      identityVerificationEnabled: false,
    });
    expect(me.body.profile).toMatchObject({ applicantVisibility: 'anonymous', skills: [] });
    expect(me.body.missing).toEqual(['headline', 'city', 'state', 'resume', 'usWorkAuthorized']);
  });

  it('needs credentials', async () => {
    expect((await api(base, '/api/me')).status).toBe(401);
    expect((await api(base, '/api/me/profile', { method: 'PATCH', body: { city: 'Austin' } })).status).toBe(401);
  });

  it('PATCH /api/me/profile saves what is sent, keeps the rest, and completes the profile', async () => {
    const first = await api(base, '/api/me/profile', {
      key: ann.key,
      method: 'PATCH',
      body: { headline: 'Data cleaner', skills: ['SQL', 'Python'], city: 'Austin', state: 'TX', about: 'I tidy data.' },
    });
    expect(first.status).toBe(200);
    expect(first.body.missing).toEqual(['resume', 'usWorkAuthorized']);
    const second = await api(base, '/api/me/profile', {
      key: ann.key,
      method: 'PATCH',
      body: { resume: '# Ann\n\n- Ten years of SQL', usWorkAuthorized: true, website: 'https://ann.example.com/', applicantVisibility: 'public' },
    });
    expect(second.status).toBe(200);
    expect(second.body.missing).toEqual([]);
    expect(second.body.profile).toEqual({
      headline: 'Data cleaner',
      about: 'I tidy data.',
      skills: ['SQL', 'Python'],
      city: 'Austin',
      state: 'TX',
      website: 'https://ann.example.com/',
      resume: '# Ann\n\n- Ten years of SQL',
      usWorkAuthorized: true,
      applicantVisibility: 'public',
    });
    const me = await api(base, '/api/me', { key: ann.key });
    expect(me.body.profile).toEqual(second.body.profile);
    // null clears a field; the others stay.
    const cleared = await api(base, '/api/me/profile', { key: ann.key, method: 'PATCH', body: { about: null } });
    expect(cleared.body.profile.about).toBeNull();
    expect(cleared.body.profile.city).toBe('Austin');
  });

  it('refuses invalid fields with 400 and fields, saving nothing', async () => {
    const bad = await api(base, '/api/me/profile', {
      key: ann.key,
      method: 'PATCH',
      body: {
        state: 'XX',
        website: 'http://insecure.example.com',
        headline: 'two\nlines',
        skills: ['a', 'A'],
        usWorkAuthorized: 'yes',
        applicantVisibility: 'everyone',
        city: 'x'.repeat(81),
        resume: 'r'.repeat(20_001),
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual([
      'applicantVisibility',
      'city',
      'headline',
      'resume',
      'skills',
      'state',
      'usWorkAuthorized',
      'website',
    ]);
    expect(bad.body.fields.state).toMatch(/US state/);
    expect(bad.body.fields.website).toMatch(/https/);
    const unknown = await api(base, '/api/me/profile', { key: ann.key, method: 'PATCH', body: { email: 'x@example.com' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ email: 'Unknown field.' });
    const empty = await api(base, '/api/me/profile', { key: ann.key, method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
    const me = await api(base, '/api/me', { key: ann.key });
    expect(me.body.profile.state).toBe('TX');
    expect(me.body.profile.headline).toBe('Data cleaner');
  });

  it('checks public profile text like job text on both surfaces: credentials and details 400, profanity 403, naming the field; the private resume is not scanned', async () => {
    const member = await createMember(nats);
    const before = (await api(base, '/api/me', { key: member.key })).body.profile;
    const patch = (body: Record<string, unknown>) => api(base, '/api/me/profile', { key: member.key, method: 'PATCH', body });
    const key = await patch({ about: 'Deploys with AKIAABCDEFGHIJKLMNOP daily' });
    expect(key.status).toBe(400);
    expect(Object.keys(key.body.fields)).toEqual(['about']);
    expect(JSON.stringify(key.body)).not.toContain('AKIAABCDEFGHIJKLMNOP');
    const details = await patch({ headline: 'Call me on 415-555-0132', skills: ['SQL', 'ssh db01.corp'] });
    expect(details.status).toBe(400);
    expect(details.body.fields.headline).toMatch(/phone number/);
    expect(details.body.fields.skills).toMatch(/internal hostname/);
    const rude = await patch({ about: 'No sh1t jobs please' });
    expect(rude.status).toBe(403);
    expect(Object.keys(rude.body.fields)).toEqual(['about']);
    // Nothing of it was saved.
    expect((await api(base, '/api/me', { key: member.key })).body.profile).toMatchObject({
      headline: before.headline,
      about: before.about,
      skills: before.skills,
    });
    // The resume is private: attached to applications, never public, so a phone number belongs there.
    expect((await patch({ resume: 'Reach me on 415-555-0132.', about: 'Data cleaning and reports.' })).status).toBe(200);

    const token = await mcpAccessToken(base, inject('mailDir'), member);
    const viaTool = await mcp(base, 'tools/call', { name: 'update_my_profile', arguments: { about: 'Write to me at me@example.com' } }, token);
    expect(toolError(viaTool)).toMatchObject({ status: 400, fields: { about: expect.stringMatching(/email address/) } });
  });

  it('the MCP tools exist and need sign-in', async () => {
    for (const name of ['get_my_profile', 'update_my_profile', 'delete_my_account']) {
      const res = await mcp(base, 'tools/call', { name, arguments: {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/resource_metadata=/);
    }
  });
});

describe('member pages', () => {
  let poster: TestMember;
  let openJobId: string;
  let anonymousJobId: string;
  beforeAll(async () => {
    poster = await createMember(nats, { name: 'Pat Poster' });
    await api(base, '/api/me/profile', {
      key: poster.key,
      method: 'PATCH',
      body: { headline: 'Ops lead', about: 'Runs things.', skills: ['Ops'], city: 'Denver', state: 'CO', website: 'https://pat.example.com' },
    });
    const first = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Older public job', category: 'operations', constraints: 'Do it.' } });
    const anon = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: { title: 'Hidden poster job', category: 'operations', constraints: 'Quietly.', posterVisibility: 'anonymous' },
    });
    const second = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Newer public job', category: 'data', constraints: 'Count it.' } });
    expect([first.status, anon.status, second.status]).toEqual([201, 201, 201]);
    openJobId = second.body.id;
    anonymousJobId = anon.body.id;
  });

  it('full view: exactly the PublicMember fields, public jobs newest first, never anonymous ones', async () => {
    const res = await api(base, `/api/members/${poster.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'about',
      'city',
      'createdAt',
      'headline',
      'id',
      'jobsDone',
      'jobsPosted',
      'name',
      'networkUrl',
      'photoUrl',
      'rating',
      'ratings',
      'skills',
      'state',
      'stateName',
      'website',
    ]);
    expect(res.body).toMatchObject({
      id: poster.id,
      name: 'Pat Poster',
      headline: 'Ops lead',
      about: 'Runs things.',
      skills: ['Ops'],
      city: 'Denver',
      state: 'CO',
      stateName: 'Colorado',
      website: 'https://pat.example.com',
      networkUrl: null,
      photoUrl: null,
      jobsDone: [],
      rating: null,
      ratings: [],
    });
    expect(res.body.jobsPosted.map((j: { title: string }) => j.title)).toEqual(['Newer public job', 'Older public job']);
    expect(res.body.jobsPosted[0]).toMatchObject({ id: openJobId, status: 'open', applicants: 0, postedBy: { id: poster.id, name: 'Pat Poster' } });
    expect(JSON.stringify(res.body)).not.toContain(anonymousJobId);
    expect(JSON.stringify(res.body)).not.toContain(poster.email);
    expect(JSON.stringify(res.body)).not.toContain('resume');
  });

  it('preview view: only the card fields', async () => {
    const res = await api(base, `/api/members/${poster.id}?view=preview`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: poster.id,
      name: 'Pat Poster',
      photoUrl: null,
      headline: 'Ops lead',
      city: 'Denver',
      state: 'CO',
      rating: null,
    });
  });

  it('empty strings for an unset headline and city; never email or resume', async () => {
    const bare = await createMember(nats, { completeProfile: false, name: 'Bare Member' });
    const res = await api(base, `/api/members/${bare.id}`);
    expect(res.body).toMatchObject({ headline: '', about: '', city: '', state: null, stateName: null, skills: [], jobsPosted: [] });
    const complete = await createMember(nats, { name: 'Resume Holder' });
    const full = await api(base, `/api/members/${complete.id}`);
    expect(JSON.stringify(full.body)).not.toContain('Resume to be written');
    expect(JSON.stringify(full.body)).not.toContain(complete.email);
  });

  it('a new headline or photo reaches the poster card on jobs', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const photo = (await api(base, '/api/me/photo', { key: poster.key, method: 'PUT', body: { image: png.toString('base64') } })).body.photoUrl;
    await api(base, '/api/me/profile', { key: poster.key, method: 'PATCH', body: { headline: 'Head of operations' } });
    const card = await until(async () => {
      const job = await api(base, `/api/jobs/${openJobId}`);
      return job.body.postedBy.headline === 'Head of operations' && job.body.postedBy.photoUrl === photo ? job.body.postedBy : undefined;
    });
    expect(card).toEqual({ id: poster.id, name: 'Pat Poster', headline: 'Head of operations', photoUrl: photo });
    const anon = await api(base, `/api/jobs/${anonymousJobId}`);
    expect(anon.body.postedBy).toEqual({ id: null, name: 'Anonymous poster', headline: null, photoUrl: null });
    await api(base, '/api/me/profile', { key: poster.key, method: 'PATCH', body: { headline: 'Ops lead' } });
    await api(base, '/api/me/photo', { key: poster.key, method: 'DELETE' });
  });

  it('404 for unknown ids, 400 for a bad view', async () => {
    expect((await api(base, '/api/members/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api(base, '/api/members/not-a-member')).status).toBe(404);
    const bad = await api(base, `/api/members/${poster.id}?view=everything`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ view: 'Must be full or preview.' });
  });

  it('get_member over MCP answers the same as REST, with member_id and view', async () => {
    const rest = await api(base, `/api/members/${poster.id}?view=preview`);
    const tool = await mcp(base, 'tools/call', { name: 'get_member', arguments: { member_id: poster.id, view: 'preview' } });
    expect(toolResult(tool)).toEqual(rest.body);
    const full = await mcp(base, 'tools/call', { name: 'get_member', arguments: { member_id: poster.id } });
    expect(toolResult(full).jobsPosted).toHaveLength(2);
    const bad = await mcp(base, 'tools/call', { name: 'get_member', arguments: { member_id: poster.id, view: 'x' } });
    expect(toolError(bad)).toMatchObject({ status: 400, fields: { view: 'Must be full or preview.' } });
    const missing = await mcp(base, 'tools/call', { name: 'get_member', arguments: { member_id: '00000000-0000-4000-8000-000000000000' } });
    expect(toolError(missing).status).toBe(404);
  });
});

describe('member photo', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Photo Member' });
  });

  it('a PNG upload is re-encoded and served at an immutable path with its bytes and type', async () => {
    const png = await sharp({ create: { width: 1024, height: 600, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const up = await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: png.toString('base64') } });
    expect(up.status).toBe(200);
    expect(up.body.photoUrl).toMatch(new RegExp(`^/api/members/${member.id}/photo/[0-9a-f]{32}$`));
    const res = await fetch(`${base}${up.body.photoUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 300 });
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([200, 30, 30]);
    // The photo shows on the member page and in the preview.
    const page = await api(base, `/api/members/${member.id}?view=preview`);
    expect(page.body.photoUrl).toBe(up.body.photoUrl);
    const me = await api(base, '/api/me', { key: member.key });
    expect(me.body.photoUrl).toBe(up.body.photoUrl);
  });

  it('a JPEG keeps its type; a new photo gets a new path and the old one is gone', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 120, b: 240 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const before = (await api(base, '/api/me', { key: member.key })).body.photoUrl;
    const up = await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}` } });
    expect(up.status).toBe(200);
    expect(up.body.photoUrl).not.toBe(before);
    const res = await fetch(`${base}${up.body.photoUrl}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(300);
    expect(bytes.includes(Buffer.from('secret-location'))).toBe(false);
    expect((await fetch(`${base}${before}`)).status).toBe(404);
  });

  it('refuses what is not a PNG or JPEG with 400 on image', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'white' } })
      .gif()
      .toBuffer();
    const cases = [Buffer.from('hello, not an image').toString('base64'), gif.toString('base64'), '***', ''];
    for (const image of cases) {
      const res = await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image } });
      expect(res.status).toBe(400);
      expect(res.body.fields.image).toBeTruthy();
    }
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const truncated = png.subarray(0, png.length - 30).toString('base64');
    expect((await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: truncated } })).status).toBe(400);
  });

  it('refuses images over the pixel limits', async () => {
    const tall = await sharp({ create: { width: 1, height: 9000, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const res = await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: tall.toString('base64') } });
    expect(res.status).toBe(400);
    expect(res.body.fields.image).toMatch(/8192 pixels/);
  });

  it('the OpenAPI document shows the photo response as an image and the profile bounds', async () => {
    const doc = (await api(base, '/api/openapi.json')).body;
    const photo = doc.paths['/api/members/{id}/photo/{hash}'].get;
    expect(Object.keys(photo.responses['200'].content)).toEqual(['image/png', 'image/jpeg']);
    const patch = doc.paths['/api/me/profile'].patch;
    expect(patch['x-mcp-tool']).toBe('update_my_profile');
    const props = patch.requestBody.content['application/json'].schema.properties;
    // The bounds are the schema's own, not prose.
    expect(props.skills).toMatchObject({ maxItems: 30, items: { maxLength: 50 } });
    expect(JSON.stringify(props.resume)).toContain('"maxLength":20000');
    expect(doc.paths['/api/me'].delete['x-mcp-tool']).toBe('delete_my_account');
  });

  it('unknown photos are 404; DELETE /api/me/photo removes it', async () => {
    expect((await fetch(`${base}/api/members/${member.id}/photo/abc123`)).status).toBe(404);
    const current = (await api(base, '/api/me', { key: member.key })).body.photoUrl;
    const del = await api(base, '/api/me/photo', { key: member.key, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(del.body.photoUrl).toBeNull();
    expect((await fetch(`${base}${current}`)).status).toBe(404);
  });
});
