import { createHash, type Hash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { AppError, type DownloadBinding, type ObjectDownload, STAGING_PREFIX, type UploadBinding, type UploadedObject } from '@marketplace/contracts';
import { attachmentDisposition, type Logger, type ObjectStorage } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// What an HTML form or a fetch without preflight can send cross-site. A session write is trusted
// only when the browser had to ask first, so an upload may never accept one of these.
const CORS_SAFELISTED = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w=.+-]+)*;base64,/i;

/** A slow client may hold a storage connection this long (the contract's transfer limit). */
const TRANSFER_TIMEOUT_MS = 600_000;

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The Content-Types a session write to an upload route may carry. */
export function uploadBodyTypes(upload: UploadBinding<string>): readonly string[] {
  return [...upload.contentTypes, ...(upload.base64InJson ? ['application/json'] : [])];
}

/** Refuses, at start-up, a binding that would weaken the session check or accept nothing. */
export function assertUploadBinding(operation: string, upload: UploadBinding<string>): void {
  if (!upload.contentTypes.length) throw new Error(`${operation}: an upload must name its content types`);
  for (const type of upload.contentTypes) {
    if (CORS_SAFELISTED.has(type) || type === 'application/json') {
      throw new Error(`${operation}: an upload may not take ${type} as its raw body`);
    }
  }
  if (!Number.isSafeInteger(upload.maxBytes) || upload.maxBytes < 1) throw new Error(`${operation}: maxBytes must be a positive integer`);
}

/**
 * Upload routes read their own body: every content type reaches the handler unread (JSON is still
 * parsed, for `base64InJson`). Register only inside the upload route's own plugin scope.
 */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

/**
 * The one place bytes meet the bus: uploads are streamed from the request to object storage and
 * the service gets the key; downloads are streamed from storage to the response after the
 * service named the key. Nothing is held whole in memory except base64 JSON, which the JSON body
 * limit already bounds.
 */
export class ObjectStreamer {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly logger: Logger,
    private readonly transferTimeoutMs = TRANSFER_TIMEOUT_MS,
  ) {}

  /** What can be refused from the headers alone, before anything is read or stored. */
  precheck(req: FastifyRequest, upload: UploadBinding<string>): void {
    const type = mediaType(req.headers['content-type']);
    if (type === 'application/json' && upload.base64InJson) return;
    if (!upload.contentTypes.includes(type)) {
      throw new AppError(415, `Send the file as the request body with Content-Type ${upload.contentTypes.join(' or ')}.`);
    }
    const declared = req.headers['content-length'];
    // Object storage needs the length up front; without one the body would have to be held.
    if (declared === undefined) throw new AppError(411, 'Send the file with a Content-Length header.');
    const size = Number(declared);
    if (size > upload.maxBytes) throw tooLarge(upload.maxBytes);
  }

  /**
   * Stores the request's file under a fresh staging key. `json` is the parsed JSON body when the
   * client sent base64 JSON; `restName` is the field's name there.
   */
  async stage(req: FastifyRequest, upload: UploadBinding<string>, json: unknown, restName: string): Promise<UploadedObject> {
    this.precheck(req, upload);
    const key = `${STAGING_PREFIX}${randomUUID()}`;
    const type = mediaType(req.headers['content-type']);
    try {
      if (type === 'application/json') return await this.stageBase64(key, upload, json, restName);
      const size = Number(req.headers['content-length']);
      if (size === 0) throw AppError.badRequest(`Invalid field: ${upload.field}.`, { [upload.field]: 'Required.' });
      const signal = AbortSignal.timeout(this.transferTimeoutMs);
      const hash = createHash('sha256');
      try {
        await this.storage.putStream(key, Readable.from(limited(req.raw, upload.maxBytes, hash)), { size, contentType: type, signal });
      } catch (err) {
        if (signal.aborted) throw new AppError(408, 'The upload took too long; try again on a faster connection.');
        throw err;
      }
      return { key, size, contentType: type, sha256: hash.digest('hex') };
    } catch (err) {
      this.discard(key);
      throw err;
    }
  }

  /** Removes a staged upload once its call is over; the service kept a copy if it needed one. */
  discard(key: string): void {
    this.storage.remove(key).catch((err: unknown) => this.logger.warn({ key, err }, 'staged upload not removed'));
  }

  /**
   * Streams the object a download operation named, with its type and cache policy. A GET with a
   * single `Range: bytes=…` gets 206 and only those bytes (a ranged GET from storage, never the
   * whole object), an unsatisfiable one 416; other ranges are ignored and the whole object sent.
   */
  async send(reply: FastifyReply, found: ObjectDownload, download: DownloadBinding): Promise<FastifyReply> {
    // Anything else (text/html, say) would be served from our origin on a service's word alone.
    if (!download.contentTypes.includes(mediaType(found.contentType))) {
      throw new Error(`A download answered ${found.contentType}, not one of ${download.contentTypes.join(', ')}`);
    }
    const header = reply.request.headers.range;
    const ranged = typeof header === 'string' && reply.request.headers['if-range'] === undefined;
    let size: number;
    let stream: Readable;
    let range: ByteRange | undefined;
    if (ranged) {
      const info = await this.storage.stat(found.key);
      if (!info) throw AppError.notFound();
      size = info.size;
      const asked = parseRange(header, size);
      if (asked === 'unsatisfiable') {
        reply.header('accept-ranges', 'bytes').header('content-range', `bytes */${size}`);
        throw new AppError(416, `The range is outside the file's ${size} bytes.`);
      }
      range = asked;
      const body = range ? await this.storage.openRange(found.key, range.start, range.end - range.start + 1) : (await this.storage.open(found.key))?.stream;
      if (!body) throw AppError.notFound();
      stream = body;
    } else {
      const object = await this.storage.open(found.key);
      if (!object) throw AppError.notFound();
      size = object.size;
      stream = object.stream;
    }
    reply.header('content-type', found.contentType).header('accept-ranges', 'bytes');
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', String(range.end - range.start + 1));
    } else {
      reply.header('content-length', String(size));
    }
    reply.header('x-content-type-options', 'nosniff');
    if (found.cacheControl) reply.header('cache-control', found.cacheControl);
    if (found.fileName) reply.header('content-disposition', attachmentDisposition(found.fileName));
    return reply.send(stream);
  }

  /**
   * Stages a file sent as a base64 string (an MCP tool's argument) under a fresh staging key, at
   * most `maxBytes` decoded. The caller discards it once its call is over.
   */
  async stageBase64Value(value: unknown, upload: UploadBinding<string>, maxBytes = upload.maxBytes): Promise<UploadedObject> {
    const key = `${STAGING_PREFIX}${randomUUID()}`;
    try {
      return await this.stageBase64Text(key, { ...upload, maxBytes }, value);
    } catch (err) {
      this.discard(key);
      throw err;
    }
  }

  private async stageBase64(key: string, upload: UploadBinding<string>, json: unknown, restName: string): Promise<UploadedObject> {
    const value = json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[restName] : undefined;
    return this.stageBase64Text(key, upload, value);
  }

  private async stageBase64Text(key: string, upload: UploadBinding<string>, value: unknown): Promise<UploadedObject> {
    const invalid = (message: string) => AppError.badRequest(`Invalid field: ${upload.field}.`, { [upload.field]: message });
    if (value === undefined || value === null || value === '') throw invalid('Required.');
    const expected = `Must be base64 of ${upload.contentTypes.join(' or ')}.`;
    if (typeof value !== 'string') throw invalid(expected);
    const declared = DATA_URL.exec(value)?.[1]?.toLowerCase();
    const text = value.replace(DATA_URL, '').replace(/\s+/g, '');
    if (!text || !BASE64.test(text) || text.length % 4 === 1) throw invalid(expected);
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length > upload.maxBytes) throw tooLarge(upload.maxBytes);
    // JSON carries no type of its own; the service looks at the bytes either way.
    const contentType = declared && upload.contentTypes.includes(declared) ? declared : 'application/octet-stream';
    await this.storage.put(key, bytes, contentType);
    return { key, size: bytes.length, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
}

export interface ByteRange {
  /** First and last byte, inclusive, as HTTP counts them. */
  start: number;
  end: number;
}

/**
 * One `bytes=` range of a Range header against an object of `size` bytes (RFC 9110 14.1.2):
 * `a-b`, `a-` or the suffix `-n`; the end is clipped to the object. Undefined means "send it
 * all" (not bytes, malformed, or several ranges, which this server does not combine);
 * 'unsatisfiable' means a 416.
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return undefined;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return undefined;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return undefined;
  if (last !== '' && end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

function tooLarge(maxBytes: number): AppError {
  return AppError.tooLarge(`The file is over ${maxBytes} bytes.`);
}

/** Bodies up to this size are read to their end after a refusal, so the client gets the answer rather than a reset. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * After refusing an upload it has not read, the gateway discards what the client is still
 * sending: answering while the body is in flight makes many clients fail on a broken pipe instead
 * of reading the 413. Bodies larger than the drain limit get `Connection: close` instead.
 */
export async function drainUnread(req: FastifyRequest, reply: FastifyReply, timeoutMs = 10_000): Promise<void> {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  if (Number(req.headers['content-length'] ?? Infinity) > DRAIN_LIMIT_BYTES) {
    reply.header('connection', 'close');
    return;
  }
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    raw.once('end', done).once('close', done).once('error', done);
    raw.resume();
  });
}

/**
 * The request body, refusing to pass more than `maxBytes` whatever Content-Length said, and
 * turning a client that went away into a 400 rather than a storage failure.
 */
async function* limited(source: AsyncIterable<Buffer>, maxBytes: number, hash: Hash): AsyncGenerator<Buffer> {
  let total = 0;
  try {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      hash.update(chunk);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.badRequest('The upload ended before all of its bytes arrived.');
  }
}
