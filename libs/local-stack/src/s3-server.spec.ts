import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ObjectStorage } from '@marketplace/service-kit';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type StartedS3, startS3rver } from './s3-server.js';

/**
 * The embedded store as the product uses it, through the services' S3 client: objects created and
 * deleted at once in one folder. s3rver removed a folder with its last object, and an upload into
 * it at that moment failed with an error nothing handled, ending the process that hosts the store
 * (this test's worker, here).
 */
let dir: string;
let s3: StartedS3;
let client: Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3rver-spec-'));
  s3 = await startS3rver({ directory: dir, log: () => undefined });
  const url = new URL(s3.settings.endpoint);
  client = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: s3.settings.accessKey,
    secretKey: s3.settings.secretKey,
    region: s3.settings.region,
    pathStyle: true,
    transportAgent: new Agent({ keepAlive: true }),
  });
});

afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the embedded object store', () => {
  it('takes uploads into a folder while its last object is being deleted', async () => {
    const { bucket } = s3.settings;
    const body = Buffer.alloc(64 * 1024, 7);
    for (let round = 0; round < 60; round++) {
      await client.putObject(bucket, `race/${round}-a`, body, body.length);
      // The delete empties the folder while the next upload into it is on its way.
      await Promise.all([client.removeObject(bucket, `race/${round}-a`), client.putObject(bucket, `race/${round}-b`, body, body.length)]);
      await client.removeObject(bucket, `race/${round}-b`);
    }
    await client.putObject(bucket, 'race/last', body, body.length);
    const listed: string[] = [];
    for await (const item of client.listObjectsV2(bucket, 'race/', true)) listed.push((item as { name: string }).name);
    expect(listed).toEqual(['race/last']);
    const prefixes: string[] = [];
    for await (const item of client.listObjectsV2(bucket, '', false))
      if ((item as { prefix?: string }).prefix) prefixes.push((item as { prefix: string }).prefix);
    expect(prefixes).toContain('race/');
    await client.removeObject(bucket, 'race/last');
    const afterDelete: string[] = [];
    for await (const item of client.listObjectsV2(bucket, '', false))
      afterDelete.push((item as { prefix?: string; name?: string }).prefix ?? (item as { name: string }).name);
    // An emptied folder is kept on disk but never listed.
    expect(afterDelete).not.toContain('race/');
  }, 60_000);

  it("lists a multipart upload's parts with the bytes each holds, and an abort frees them on disk", async () => {
    const { bucket } = s3.settings;
    const key = 'multipart/oversized';
    const uploadId = await client.initiateNewMultipartUpload(bucket, key, {});
    const url = await client.presignedUrl('PUT', bucket, key, 60, { uploadId, partNumber: '2' });
    const sent = await fetch(url, { method: 'PUT', body: Buffer.alloc(300_000, 1) });
    expect(sent.status).toBe(200);
    const listParts = (client as unknown as { listParts(b: string, k: string, u: string): Promise<{ part: number; size: number }[]> }).listParts;
    const parts = await listParts.call(client, bucket, key, uploadId);
    expect(parts.map((p) => [Number(p.part), Number(p.size)])).toEqual([[2, 300_000]]);
    const { existsSync, readdirSync } = await import('node:fs');
    // s3rver keeps an upload's parts in <bucket>/.<suffix>uploads/<upload id>.
    const holding = () => readdirSync(join(dir, bucket)).some((name) => name.includes('uploads') && existsSync(join(dir, bucket, name, uploadId)));
    expect(holding()).toBe(true);
    await client.abortMultipartUpload(bucket, key, uploadId);
    expect(holding()).toBe(false);
    await expect(listParts.call(client, bucket, key, uploadId)).rejects.toMatchObject({ code: 'NoSuchUpload' });
  });

  it('lists the incomplete uploads under a prefix with when each began, and forgets one aborted', async () => {
    const { bucket } = s3.settings;
    const storage = new ObjectStorage(() => ({ ...s3.settings, endpoint: new URL(s3.settings.endpoint) }));
    const started = Date.now();
    const kept = await client.initiateNewMultipartUpload(bucket, 'sweep/kept', {});
    const other = await client.initiateNewMultipartUpload(bucket, 'elsewhere/other', {});
    const listed = await storage.listIncompleteUploads('sweep/');
    expect(listed.map((u) => [u.key, u.uploadId])).toEqual([['sweep/kept', kept]]);
    expect(Math.abs(listed[0]!.initiated.getTime() - started)).toBeLessThan(5000);
    await storage.abortMultipart('sweep/kept', kept);
    expect(await storage.listIncompleteUploads('sweep/')).toEqual([]);
    expect((await storage.listIncompleteUploads('')).map((u) => u.uploadId)).toContain(other);
    await storage.abortMultipart('elsewhere/other', other);
    storage.close();
  });
});
