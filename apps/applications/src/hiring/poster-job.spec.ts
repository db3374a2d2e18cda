import type { HiringJob } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { isPreferred } from './poster-job.js';

const job = (preferredWorkers: string[]) => ({ preferredWorkers }) as unknown as HiringJob;
const applicant = { id: '0b0c5f3e-8d0a-4a57-9f0e-2f6f7d1f0a11', name: 'Ann Lee', email: 'ann@example.test' };

describe('isPreferred', () => {
  it('marks applicants named by id or exact name, any case', () => {
    expect(isPreferred(job([applicant.id.toUpperCase()]), applicant)).toBe(true);
    expect(isPreferred(job([' ann lee ']), applicant)).toBe(true);
    expect(isPreferred(job(['Someone Else']), applicant)).toBe(false);
  });

  it('never marks an applicant through an email, so a poster cannot confirm a guessed address', () => {
    expect(isPreferred(job(['ann@example.test']), applicant)).toBe(false);
    expect(isPreferred(job(['ANN@EXAMPLE.TEST']), applicant)).toBe(false);
  });
});
