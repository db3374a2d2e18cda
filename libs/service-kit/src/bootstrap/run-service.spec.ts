import 'reflect-metadata';

import { describe, expect, it } from 'vitest';

import { identityLimits, jobsLimits } from '../limits/limit-settings.js';
import { SettingError } from '../scope/settings.js';
import { startService } from './run-service.js';

class NoModule {}

describe('a service start with a bad setting', () => {
  it("stops before opening anything, naming the variable: the kit's settings and the service's own", async () => {
    // No database, NATS or secrets are configured here: the start must fail on the setting, not on those.
    const def = { name: 'spec', module: NoModule, database: { entities: [], migrations: [] } };
    await expect(startService({ ...def, settings: [jobsLimits] }, { JOB_POSTS_PER_DAY: 'lots' })).rejects.toThrow(/^JOB_POSTS_PER_DAY="lots" is not valid/);
    await expect(startService(def, { ROLE: 'boss' })).rejects.toThrow(/^ROLE="boss" is not valid: expected one of api, worker, migrate/);
    const own = () => {
      throw new SettingError('SPEC_WINDOW', 'soon', 'expected a duration');
    };
    await expect(startService({ ...def, settings: [own] }, {})).rejects.toThrow(/^SPEC_WINDOW=/);
  });

  it("starts past another service's bad limit: a bad JOB_POSTS_PER_DAY stops jobs, not identity", async () => {
    // Past the settings, this start fails on the first thing it opens (no database here), not on the limit.
    const identityLike = { name: 'spec', module: NoModule, database: { entities: [], migrations: [] }, settings: [identityLimits] };
    await expect(startService(identityLike, { JOB_POSTS_PER_DAY: 'lots' })).rejects.toThrow(/^DATABASE_URL is not set/);
    await expect(startService(identityLike, { MAGIC_LINK_RATE_LIMIT: 'lots' })).rejects.toThrow(/^MAGIC_LINK_RATE_LIMIT="lots" is not valid/);
  });
});
