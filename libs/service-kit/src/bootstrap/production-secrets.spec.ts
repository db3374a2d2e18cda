import { describe, expect, it } from 'vitest';

import { defaultSecretsInUse, refuseDefaultSecrets } from './production-secrets.js';

describe('published default secrets', () => {
  const chartDefaults = {
    DATABASE_URL: 'postgres://marketplace:marketplace@postgresql:5432/marketplace',
    JOBS_DATABASE_URL: 'postgres://jobs:s3cr3t-long-enough@db:5432/jobs',
    S3_ACCESS_KEY: 'minioadmin',
    S3_SECRET_KEY: 'minioadmin',
  };

  it('a production process refuses to start with them, naming each setting', () => {
    expect(defaultSecretsInUse({ ...chartDefaults, NODE_ENV: 'production' })).toEqual(['S3_ACCESS_KEY', 'S3_SECRET_KEY', 'DATABASE_URL']);
    expect(() => refuseDefaultSecrets({ ...chartDefaults, NODE_ENV: 'production' })).toThrow(/S3_ACCESS_KEY, S3_SECRET_KEY, DATABASE_URL/);
  });

  it('own secrets start, and outside production the defaults are allowed', () => {
    expect(() =>
      refuseDefaultSecrets({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://app:Zq8-long-random@db:5432/app',
        S3_ACCESS_KEY: 'AKIA-own',
        S3_SECRET_KEY: 'own-secret',
      }),
    ).not.toThrow();
    expect(defaultSecretsInUse({ ...chartDefaults, NODE_ENV: 'development' })).toEqual([]);
  });
});
