import { api, createMember } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

/**
 * Issue 31, finding 14: costly or noisy writes have named limits of their own in the one limits
 * counter, listed by the safety policy. Visibility-only edits (each alerts every waiting
 * applicant, no model runs) had no limit beyond the per-key 120 a minute.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

describe('named write limits', () => {
  it('GET /api/safety-policy lists every named write limit with its bucket, number and window', async () => {
    const policy = await api(base, '/api/safety-policy');
    expect(policy.status).toBe(200);
    const limits = policy.body.writeLimits as { name: string; bucket: string; max: number; window: string; covers: string }[];
    expect(limits.map((l) => l.bucket)).toEqual(
      expect.arrayContaining([
        'team_changes',
        'api_keys_made',
        'profile_changes',
        'job_closes',
        'job_visibility_changes',
        'comment_deletes',
        'application_decisions',
        'application_withdrawals',
        'work_submissions',
        'work_steps',
        'candidate_profile_saves',
        'notification_settings',
        'draft_changes',
        'file_access_changes',
      ]),
    );
    expect(limits.find((l) => l.bucket === 'job_visibility_changes')).toEqual({
      name: 'visibilityChanges',
      bucket: 'job_visibility_changes',
      max: 10,
      window: 'hour',
      covers: expect.stringContaining('visibility'),
    });
    expect(new Set(limits.map((l) => l.bucket)).size).toBe(limits.length);
  });

  it('visibility-only edits: 10 an hour per member, then 429 with the error body and Retry-After, and nothing changes', async () => {
    const poster = await createMember(nats);
    const posted = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Label photos', category: 'design', constraints: 'Label them.' } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const id = posted.body.id as string;
    const flip = (i: number) => ({ posterVisibility: i % 2 === 0 ? 'anonymous' : 'public' });
    for (let i = 0; i < 10; i += 1) {
      const edited = await api(base, `/api/me/jobs/${id}`, { key: poster.key, method: 'PATCH', body: flip(i) });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    }
    const refused = await api(base, `/api/me/jobs/${id}`, { key: poster.key, method: 'PATCH', body: flip(10) });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: expect.stringContaining('visibility'), retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const job = await api(base, `/api/jobs/${id}`, { key: poster.key });
    expect(job.body.version).toBe(11);
    expect(job.body.posterVisibility).toBe('public');
  });
});
