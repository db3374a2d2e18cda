import { readSettingsAtStart } from '@marketplace/service-kit';
import { describe, expect, it } from 'vitest';

import { SETTINGS } from './jobs.settings.js';

// What run-service reads before jobs opens anything: jobs' own settings and the kit's, never another service's.
describe("jobs' settings at start", () => {
  it('stops at a bad limit of its own, naming the variable', () => {
    expect(() => readSettingsAtStart({ settings: SETTINGS }, { JOB_POSTS_PER_DAY: 'lots' })).toThrow(/^JOB_POSTS_PER_DAY="lots" is not valid/);
  });

  it("starts whatever another service's limits say", () => {
    expect(() =>
      readSettingsAtStart({ settings: SETTINGS }, { MAGIC_LINK_RATE_LIMIT: 'lots', APPLICATIONS_PER_DAY: '0', WRITE_LIMIT_WORK_STEPS: 'x' }),
    ).not.toThrow();
  });
});
