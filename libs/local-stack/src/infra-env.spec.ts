import { describe, expect, it } from 'vitest';

import { resolveExternalInfra } from './infra-env.js';

describe('resolveExternalInfra', () => {
  it('embeds everything when nothing is set', () => {
    expect(resolveExternalInfra({})).toEqual({});
  });

  it('treats empty values as unset', () => {
    expect(resolveExternalInfra({ DATABASE_URL: '', NATS_URL: '  ', S3_ENDPOINT: '' })).toEqual({});
  });

  it('switches each dependency on its own', () => {
    expect(resolveExternalInfra({ DATABASE_URL: 'postgres://u:p@db:5432/marketplace' })).toEqual({
      databaseUrl: 'postgres://u:p@db:5432/marketplace',
    });
    expect(resolveExternalInfra({ NATS_URL: 'nats://bus:4222' })).toEqual({ natsUrl: 'nats://bus:4222' });
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(resolveExternalInfra({ DATABASE_URL: 'postgresql://db/x' }).databaseUrl).toBe('postgresql://db/x');
  });

  it('rejects a DATABASE_URL that is not a postgres URL', () => {
    expect(() => resolveExternalInfra({ DATABASE_URL: 'mysql://db/x' })).toThrow(/postgres:\/\//);
    expect(() => resolveExternalInfra({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL is not a valid URL/);
  });

  it('reads S3 settings with bucket and region defaults', () => {
    const external = resolveExternalInfra({ S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' });
    expect(external.s3).toEqual({
      endpoint: 'http://minio:9000',
      accessKey: 'k',
      secretKey: 's',
      bucket: 'marketplace',
      region: 'us-east-1',
    });
  });

  it('takes S3_BUCKET and S3_REGION when given', () => {
    const external = resolveExternalInfra({
      S3_ENDPOINT: 'https://s3.example.com',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
      S3_BUCKET: 'files',
      S3_REGION: 'eu-west-1',
    });
    expect(external.s3).toMatchObject({ bucket: 'files', region: 'eu-west-1' });
  });

  it('requires keys with an S3 endpoint', () => {
    expect(() => resolveExternalInfra({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ACCESS_KEY and S3_SECRET_KEY/);
  });

  it('ignores S3 keys without an endpoint', () => {
    expect(resolveExternalInfra({ S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' })).toEqual({});
  });
});
