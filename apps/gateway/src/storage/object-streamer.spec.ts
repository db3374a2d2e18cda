import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import { AppError, type UploadBinding } from '@marketplace/contracts';
import type { Logger, ObjectStorage } from '@marketplace/service-kit/edge';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { acceptRawBodies, assertUploadBinding, ObjectStreamer } from './object-streamer.js';

/** Object storage in memory: enough to see what the streamer stores, under which key, and what it removes. */
class MemoryStorage {
  readonly objects = new Map<string, { data: Buffer; contentType: string }>();
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    this.objects.set(key, { data, contentType });
  }
  async putStream(key: string, body: Readable, opts: { size: number; contentType: string }): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    this.objects.set(key, { data: Buffer.concat(chunks), contentType: opts.contentType });
  }
  async open(key: string) {
    const found = this.objects.get(key);
    return found ? { size: found.data.length, contentType: found.contentType, stream: Readable.from([found.data]) } : null;
  }
  async remove(key: string): Promise<void> {
    this.objects.delete(key);
  }
}

const upload: UploadBinding<string> = { field: 'image', contentTypes: ['image/png'], maxBytes: 10, base64InJson: true };
const silent = { warn: () => undefined } as unknown as Logger;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(storage: MemoryStorage): Promise<FastifyInstance> {
  const streamer = new ObjectStreamer(storage as unknown as ObjectStorage, silent);
  app = Fastify();
  app.setErrorHandler((err, _req, reply) =>
    reply.code(err instanceof AppError ? err.status : 500).send({ error: (err as Error).message, ...(err instanceof AppError ? err.extra : {}) }),
  );
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.put('/upload', async (req) => streamer.stage(req, upload, req.body, 'image'));
    scope.get('/download/:type', async (req, reply) =>
      streamer.send(reply, { key: 'kept', contentType: (req.params as { type: string }).type.replace('-', '/') }, { contentTypes: ['image/png'] }),
    );
  });
  return app;
}

describe('assertUploadBinding', () => {
  it('refuses bodies a cross-site form could send, and bindings that accept nothing', () => {
    expect(() => assertUploadBinding('op', { ...upload, contentTypes: ['text/plain'] })).toThrow(/text\/plain/);
    expect(() => assertUploadBinding('op', { ...upload, contentTypes: ['multipart/form-data'] })).toThrow();
    expect(() => assertUploadBinding('op', { ...upload, contentTypes: [] })).toThrow(/content types/);
    expect(() => assertUploadBinding('op', { ...upload, maxBytes: 0 })).toThrow(/maxBytes/);
    expect(() => assertUploadBinding('op', upload)).not.toThrow();
  });
});

describe('ObjectStreamer', () => {
  it('stages a raw body under a fresh staging key and answers its key, size, type and the sha256 of the bytes it staged', async () => {
    const storage = new MemoryStorage();
    const res = await (
      await serve(storage)
    ).inject({
      method: 'PUT',
      url: '/upload',
      headers: { 'content-type': 'image/png; x=1' },
      payload: Buffer.from('abcdef'),
    });
    expect(res.statusCode).toBe(200);
    const staged = res.json();
    expect(staged).toEqual({
      key: expect.stringMatching(/^staging\/[0-9a-f-]{36}$/),
      size: 6,
      contentType: 'image/png',
      sha256: createHash('sha256').update('abcdef').digest('hex'),
    });
    expect(storage.objects.get(staged.key)?.data.toString()).toBe('abcdef');
  });

  it('stages base64 JSON the same way, taking the type from a data URL', async () => {
    const storage = new MemoryStorage();
    const res = await (
      await serve(storage)
    ).inject({
      method: 'PUT',
      url: '/upload',
      payload: { image: `data:image/png;base64,${Buffer.from('png!').toString('base64')}` },
    });
    expect(res.json()).toMatchObject({ size: 4, contentType: 'image/png' });
    expect([...storage.objects.values()][0]?.data.toString()).toBe('png!');
  });

  it('refuses by the headers alone: 415 for another type, 413 over the limit; nothing is stored', async () => {
    const storage = new MemoryStorage();
    const server = await serve(storage);
    const wrongType = await server.inject({ method: 'PUT', url: '/upload', headers: { 'content-type': 'text/plain' }, payload: 'abc' });
    expect(wrongType.statusCode).toBe(415);
    const tooBig = await server.inject({ method: 'PUT', url: '/upload', headers: { 'content-type': 'image/png' }, payload: Buffer.alloc(11) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('The file is over 10 bytes.');
    const json = await server.inject({ method: 'PUT', url: '/upload', payload: { image: Buffer.alloc(11).toString('base64') } });
    expect(json.statusCode).toBe(413);
    const bad = await server.inject({ method: 'PUT', url: '/upload', payload: { image: '***' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ image: 'Must be base64 of image/png.' });
    expect(storage.objects.size).toBe(0);
  });

  it('streams a download with its size, and refuses a type the binding did not declare', async () => {
    const storage = new MemoryStorage();
    await storage.put('kept', Buffer.from('pixels'), 'image/png');
    const server = await serve(storage);
    const ok = await server.inject({ method: 'GET', url: '/download/image-png' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': '6', 'x-content-type-options': 'nosniff' });
    expect(ok.body).toBe('pixels');
    expect((await server.inject({ method: 'GET', url: '/download/text-html' })).statusCode).toBe(500);
    storage.objects.clear();
    expect((await server.inject({ method: 'GET', url: '/download/image-png' })).statusCode).toBe(404);
  });
});
