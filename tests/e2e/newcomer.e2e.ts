import { api, sessionHeaders, signIn } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const mailDir = inject('mailDir');

/**
 * The whole way in for a new person, with nothing set up by an operator: an emailed sign-in link,
 * a browser session, a completed profile, an agent key, and the agent posting as them.
 */
describe('a newcomer, from nothing to an agent at work', () => {
  it('signs in, completes the profile, creates a key, and the agent posts a job', async () => {
    const person = await signIn(base, mailDir, { name: 'Nora Newcomer' });
    const headers = sessionHeaders(base, person);

    const fresh = await api(base, '/api/me', { headers });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ email: person.email, name: 'Nora Newcomer', signUp: null, identityVerificationEnabled: false });
    expect(fresh.body.missing).toEqual(['headline', 'city', 'state', 'resume', 'usWorkAuthorized']);

    // Posting is refused until the profile is complete.
    const job = { title: 'Summarise ten papers', category: 'research', constraints: '## Scope\nOne paragraph each.' };
    expect((await api(base, '/api/me/jobs', { headers, body: job })).status).toBe(403);

    const profile = await api(base, '/api/me/profile', {
      method: 'PATCH',
      headers,
      body: { headline: 'Research lead', city: 'Denver', state: 'CO', resume: '## Experience\nTen years of literature reviews.', usWorkAuthorized: true },
    });
    expect(profile.status).toBe(200);
    expect((await api(base, '/api/me', { headers })).body.missing).toEqual([]);

    const key = await api(base, '/api/me/api-keys', { headers, body: { name: 'My research agent' } });
    expect(key.status).toBe(201);
    expect(key.body.key).toMatch(/^tl_/);

    const posted = await api(base, '/api/me/jobs', { key: key.body.key, body: job });
    expect(posted.status).toBe(201);
    expect(posted.body.postedBy).toMatchObject({ name: 'Nora Newcomer', headline: 'Research lead' });
    const mine = await api(base, '/api/me/jobs', { headers });
    expect(mine.body.jobs.map((j: { id: string }) => j.id)).toContain(posted.body.id);
  });
});
