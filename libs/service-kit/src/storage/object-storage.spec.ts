import { describe, expect, it } from 'vitest';

import { ObjectStorage } from './object-storage.js';
import { readStorageConfig } from './storage-config.js';

// Port 1 on loopback: nothing listens, so any request to the store would fail. Presigning must not need one.
const internal = { S3_ENDPOINT: 'http://127.0.0.1:1', S3_ACCESS_KEY: 'key', S3_SECRET_KEY: 'secret', S3_BUCKET: 'files' };

describe('ObjectStorage.presignGet', () => {
  it('signs for S3_ENDPOINT when no public endpoint is set', async () => {
    const storage = ObjectStorage.fromEnv(internal);
    const url = new URL(await storage.presignGet('files/objects/a', 300, 'report.pdf'));
    expect(url.origin).toBe('http://127.0.0.1:1');
    expect(url.pathname).toBe('/files/files/objects/a');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    storage.close();
  });

  it('signs for S3_PUBLIC_ENDPOINT when set, offline, with the same key, expiry and disposition', async () => {
    const storage = ObjectStorage.fromEnv({ ...internal, S3_PUBLIC_ENDPOINT: 'https://files.example.org' });
    const url = new URL(await storage.presignGet('files/objects/a', 300, 'report.pdf'));
    expect(url.origin).toBe('https://files.example.org');
    expect(url.pathname).toBe('/files/files/objects/a');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^key\//);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
    // Signed for its own host: the same request signed for the internal endpoint differs.
    const inside = new URL(await ObjectStorage.fromEnv(internal).presignGet('files/objects/a', 300, 'report.pdf'));
    expect(inside.searchParams.get('X-Amz-Signature')).not.toBe(url.searchParams.get('X-Amz-Signature'));
    expect(readStorageConfig({ ...internal, S3_PUBLIC_ENDPOINT: 'https://files.example.org' }).endpoint.origin).toBe('http://127.0.0.1:1');
    storage.close();
  });
});

describe('ObjectStorage.browserUploadOrigin', () => {
  it('names the origin pages send parts to only when the store takes them, the public one first', () => {
    expect(ObjectStorage.fromEnv(internal).browserUploadOrigin()).toBeNull();
    expect(ObjectStorage.fromEnv({ ...internal, S3_BROWSER_UPLOADS: 'true' }).browserUploadOrigin()).toBe('http://127.0.0.1:1');
    expect(ObjectStorage.fromEnv({ ...internal, S3_BROWSER_UPLOADS: 'true', S3_PUBLIC_ENDPOINT: 'https://files.example.org' }).browserUploadOrigin()).toBe(
      'https://files.example.org',
    );
    // No store configured: the pages keep to the API.
    expect(ObjectStorage.fromEnv({ S3_BROWSER_UPLOADS: 'true' }).browserUploadOrigin()).toBeNull();
    expect(() => ObjectStorage.fromEnv({ ...internal, S3_BROWSER_UPLOADS: 'maybe' }).browserUploadOrigin()).toThrow(/^S3_BROWSER_UPLOADS=/);
  });
});

describe('ObjectStorage.presignPart', () => {
  it('signs one part of one upload of one object, offline, for S3_PUBLIC_ENDPOINT, valid the seconds asked', async () => {
    const storage = ObjectStorage.fromEnv({ ...internal, S3_PUBLIC_ENDPOINT: 'https://files.example.org' });
    const url = new URL(await storage.presignPart('files/objects/a', 'upload-1', 3, 600));
    expect(url.origin).toBe('https://files.example.org');
    expect(url.pathname).toBe('/files/files/objects/a');
    expect(url.searchParams.get('uploadId')).toBe('upload-1');
    expect(url.searchParams.get('partNumber')).toBe('3');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    // The query (upload id, part number) and the key are in the signature: change any, and it differs.
    const signature = url.searchParams.get('X-Amz-Signature');
    const others = await Promise.all([
      storage.presignPart('files/objects/a', 'upload-1', 4, 600),
      storage.presignPart('files/objects/a', 'upload-2', 3, 600),
      storage.presignPart('files/objects/b', 'upload-1', 3, 600),
    ]);
    for (const other of others) expect(new URL(other).searchParams.get('X-Amz-Signature')).not.toBe(signature);
    storage.close();
  });
});

describe('ObjectStorage.requireConfigured', () => {
  it('refuses with 503, naming what is missing, when no store is configured', () => {
    const storage = ObjectStorage.fromEnv({});
    expect(() => storage.requireConfigured()).toThrow(expect.objectContaining({ status: 503, message: expect.stringMatching(/S3_ENDPOINT/) }));
  });

  it('passes once a store is configured, without a request to it', () => {
    const storage = ObjectStorage.fromEnv(internal);
    expect(() => storage.requireConfigured()).not.toThrow();
    storage.close();
  });
});
