import { describe, expect, it } from 'vitest';

import { readStorageConfig } from './storage-config.js';

describe('readStorageConfig', () => {
  it("reads the S3_* settings, with the launcher's bucket and region by default", () => {
    const config = readStorageConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' });
    expect(config).toMatchObject({ accessKey: 'a', secretKey: 'b', bucket: 'marketplace', region: 'us-east-1' });
    expect(config.endpoint.port).toBe('9000');
    const named = readStorageConfig({
      S3_ENDPOINT: 'https://s3.example.org',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
      S3_BUCKET: 'files',
      S3_REGION: 'eu-west-1',
    });
    expect(named).toMatchObject({ bucket: 'files', region: 'eu-west-1' });
  });

  it('names everything missing at once, and refuses what is not an http(s) URL', () => {
    expect(() => readStorageConfig({ S3_ACCESS_KEY: ' ' })).toThrow('set S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY');
    expect(() => readStorageConfig({ S3_ENDPOINT: 'nope', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' })).toThrow(/^S3_ENDPOINT="nope" is not valid/);
    expect(() => readStorageConfig({ S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' })).toThrow(/^S3_ENDPOINT=.*http/);
  });

  it('reads S3_PUBLIC_ENDPOINT as an origin for presigned links, and refuses one with a path', () => {
    const env = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(readStorageConfig(env).publicEndpoint).toBeUndefined();
    expect(readStorageConfig({ ...env, S3_PUBLIC_ENDPOINT: ' ' }).publicEndpoint).toBeUndefined();
    expect(readStorageConfig({ ...env, S3_PUBLIC_ENDPOINT: 'https://files.example.org' }).publicEndpoint?.origin).toBe('https://files.example.org');
    expect(() => readStorageConfig({ ...env, S3_PUBLIC_ENDPOINT: 'https://files.example.org/s3' })).toThrow(/^S3_PUBLIC_ENDPOINT=.*origin only/);
    expect(() => readStorageConfig({ ...env, S3_PUBLIC_ENDPOINT: 'files.example.org' })).toThrow(/^S3_PUBLIC_ENDPOINT="files.example.org" is not valid/);
    expect(() => readStorageConfig({ ...env, S3_PUBLIC_ENDPOINT: 'ftp://files.example.org' })).toThrow(/^S3_PUBLIC_ENDPOINT=.*http/);
  });

  it('reads S3_BROWSER_UPLOADS, off unless said, and refuses a value that is not a yes or a no', () => {
    const env = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' };
    expect(readStorageConfig(env).browserUploads).toBe(false);
    expect(readStorageConfig({ ...env, S3_BROWSER_UPLOADS: 'true' }).browserUploads).toBe(true);
    expect(readStorageConfig({ ...env, S3_BROWSER_UPLOADS: 'off' }).browserUploads).toBe(false);
    expect(() => readStorageConfig({ ...env, S3_BROWSER_UPLOADS: 'maybe' })).toThrow(/^S3_BROWSER_UPLOADS="maybe"/);
  });
});
