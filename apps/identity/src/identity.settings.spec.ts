import { readSettingsAtStart } from '@marketplace/service-kit';
import { describe, expect, it } from 'vitest';

import { SETTINGS } from './identity.settings.js';

// What run-service reads before identity opens anything: its own settings and the kit's, never another service's.
describe("identity's settings at start", () => {
  it("starts whatever jobs' limits say", () => {
    expect(() => readSettingsAtStart({ settings: SETTINGS }, { JOB_POSTS_PER_DAY: 'lots', COMMENTS_PER_HOUR: '2.5' })).not.toThrow();
  });

  it('stops at a bad limit of its own, naming the variable', () => {
    expect(() => readSettingsAtStart({ settings: SETTINGS }, { MAGIC_LINK_RATE_LIMIT: 'lots' })).toThrow(/^MAGIC_LINK_RATE_LIMIT="lots" is not valid/);
  });
});
