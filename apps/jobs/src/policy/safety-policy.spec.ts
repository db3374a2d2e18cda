import { DEFAULT_SAFETY_POLICY, safetyPolicySchema, WRITE_LIMITS } from '@marketplace/contracts';
import { inServiceScope } from '@marketplace/service-kit';
import { describe, expect, it } from 'vitest';

import { safetyPolicy } from './safety-policy.js';

describe('the safety policy', () => {
  it("reports the contract's numbers when nothing is set", () => {
    const policy = inServiceScope({}, safetyPolicy);
    expect(safetyPolicySchema.parse(policy)).toEqual(policy);
    expect(policy).toEqual(DEFAULT_SAFETY_POLICY);
  });

  it('reports what each owning service is set to enforce, write limits included', () => {
    const policy = inServiceScope(
      {
        PHOTO_UPLOADS_PER_HOUR: '3',
        OAUTH_REQUESTS_PER_MINUTE: '40',
        APPLICATIONS_PER_DAY: '7',
        FILE_WRITES_PER_MINUTE: '90',
        CONTENT_REPORTS_PER_HOUR: '2',
        DRAFT_REWRITES_PER_HOUR: '4',
        JOB_POSTS_PER_MINUTE: '1',
        WRITE_LIMIT_WORK_STEPS: '9',
      },
      safetyPolicy,
    );
    expect(policy).toMatchObject({
      photoUploadsPerHour: 3,
      oauthRequestsPerMinute: 40,
      applications: { perDay: 7, perMinute: DEFAULT_SAFETY_POLICY.applications.perMinute },
      fileWritesPerMinute: 90,
      reportsPerHour: { ...DEFAULT_SAFETY_POLICY.reportsPerHour, content: 2 },
      modelUse: { ...DEFAULT_SAFETY_POLICY.modelUse, rewritesPerHour: 4 },
      jobPosts: { perDay: DEFAULT_SAFETY_POLICY.jobPosts.perDay, perMinute: 1 },
    });
    expect(policy.writeLimits.map((l) => l.name).sort()).toEqual(Object.keys(WRITE_LIMITS).sort());
    expect(policy.writeLimits.find((l) => l.name === 'workSteps')?.max).toBe(9);
    expect(policy.writeLimits.find((l) => l.name === 'submissions')?.max).toBe(WRITE_LIMITS.submissions.max);
  });
});
