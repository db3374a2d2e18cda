import { Readable } from 'node:stream';

import { AppError } from '@marketplace/contracts';
import type { Logger, ObjectStorage } from '@marketplace/service-kit/edge';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { ObjectStreamer, parseRange } from './object-streamer.js';

/** Storage that records how it was read: a ranged request must never open the whole object. */
class RangeStorage {
  readonly reads: string[] = [];
  constructor(private readonly data: Buffer) {}
  async stat(key: string) {
    return key === 'kept' ? { size: this.data.length, contentType: 'application/octet-stream' } : null;
  }
  async open(key: string) {
    this.reads.push('whole');
    return key === 'kept' ? { size: this.data.length, contentType: 'application/octet-stream', stream: Readable.from([this.data]) } : null;
  }
  async openRange(key: string, offset: number, length: number) {
    this.reads.push(`${offset}+${length}`);
    return key === 'kept' ? Readable.from([this.data.subarray(offset, offset + length)]) : null;
  }
}

const silent = { warn: () => undefined } as unknown as Logger;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(storage: RangeStorage): Promise<FastifyInstance> {
  const streamer = new ObjectStreamer(storage as unknown as ObjectStorage, silent);
  app = Fastify();
  app.setErrorHandler((err, _req, reply) => reply.code(err instanceof AppError ? err.status : 500).send({ error: (err as Error).message }));
  app.get('/file/:key', async (req, reply) =>
    streamer.send(
      reply,
      {
        key: (req.params as { key: string }).key,
        contentType: 'application/octet-stream',
        fileName: 'notes/report final.txt',
      },
      { contentTypes: ['application/octet-stream'] },
    ),
  );
  return app;
}

const DATA = Buffer.from('0123456789abcdefghij');

describe('parseRange', () => {
  it('reads a-b, a- and -n, clipping the end to the object', () => {
    expect(parseRange('bytes=0-4', 20)).toEqual({ start: 0, end: 4 });
    expect(parseRange('bytes=5-', 20)).toEqual({ start: 5, end: 19 });
    expect(parseRange('bytes=-3', 20)).toEqual({ start: 17, end: 19 });
    expect(parseRange('bytes=-30', 20)).toEqual({ start: 0, end: 19 });
    expect(parseRange('bytes=15-100', 20)).toEqual({ start: 15, end: 19 });
    expect(parseRange('BYTES = 1 - 2', 20)).toEqual({ start: 1, end: 2 });
  });

  it('a range past the end (or an empty suffix) is unsatisfiable', () => {
    expect(parseRange('bytes=20-', 20)).toBe('unsatisfiable');
    expect(parseRange('bytes=25-30', 20)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 20)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('malformed, reversed, multiple or non-byte ranges are ignored (the whole object is sent)', () => {
    for (const header of ['bytes=5-2', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-', 'bytes=a-b', 'bytes=1.5-2', '']) {
      expect(parseRange(header, 20)).toBeUndefined();
    }
  });
});

describe('ObjectStreamer ranges', () => {
  it('without Range: 200, the whole object, Accept-Ranges and the attachment name', async () => {
    const res = await (await serve(new RangeStorage(DATA))).inject({ method: 'GET', url: '/file/kept' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(DATA)).toBe(true);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('20');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report final.txt"; filename*=UTF-8''report%20final.txt`);
  });

  it('Range bytes=a-b: 206 with Content-Range, only those bytes, read from storage as a ranged GET', async () => {
    const storage = new RangeStorage(DATA);
    const res = await (await serve(storage)).inject({ method: 'GET', url: '/file/kept', headers: { range: 'bytes=2-5' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('2345');
    expect(res.headers['content-range']).toBe('bytes 2-5/20');
    expect(res.headers['content-length']).toBe('4');
    expect(storage.reads).toEqual(['2+4']);
    const tail = await app!.inject({ method: 'GET', url: '/file/kept', headers: { range: 'bytes=-3' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('hij');
    expect(tail.headers['content-range']).toBe('bytes 17-19/20');
  });

  it('an unsatisfiable range: 416 with Content-Range bytes */size, nothing read', async () => {
    const storage = new RangeStorage(DATA);
    const res = await (await serve(storage)).inject({ method: 'GET', url: '/file/kept', headers: { range: 'bytes=20-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */20');
    expect(res.json().error).toMatch(/20 bytes/);
    expect(storage.reads).toEqual([]);
  });

  it('several ranges, or If-Range (no validator to compare), get the whole object with 200', async () => {
    const res = await (await serve(new RangeStorage(DATA))).inject({ method: 'GET', url: '/file/kept', headers: { range: 'bytes=0-1,4-5' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(DATA.toString());
    const ifRange = await app!.inject({ method: 'GET', url: '/file/kept', headers: { range: 'bytes=0-1', 'if-range': '"x"' } });
    expect(ifRange.statusCode).toBe(200);
  });

  it('a missing object is 404 with or without a range', async () => {
    await serve(new RangeStorage(DATA));
    expect((await app!.inject({ method: 'GET', url: '/file/gone', headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
    expect((await app!.inject({ method: 'GET', url: '/file/gone' })).statusCode).toBe(404);
  });
});
