import { serviceEnv } from '../scope/service-scope.js';
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'minio';
import { AppError } from '@marketplace/contracts';
import { readStorageConfig, type StorageConfig } from './storage-config.js';
import { loadOnFirstUse } from '../scope/load-on-first-use.js';
import { SettingError } from '../scope/settings.js';
import { guard, isMissing, minioClient, readText, unavailable, type Minio } from './store-client.js';

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface ObjectBody extends ObjectInfo {
  stream: Readable;
}

export interface PutStreamOptions {
  /** Exact length: S3 refuses a PUT without one, and a body that ends short fails instead of storing a stub. */
  size: number;
  contentType: string;
  signal?: AbortSignal;
}

/**
 * A multipart upload under way (ObjectStorage.startMultipart). Parts are numbered in the order
 * putPart is called, so several may be in flight at once; complete waits for none of them.
 */
export interface MultipartUpload {
  /** One part, given as the pieces it is made of (sent in order, never joined in memory). */
  putPart(pieces: readonly Buffer[]): Promise<void>;
  complete(): Promise<void>;
  abort(): Promise<void>;
}

/** A part of a multipart upload as the store acknowledged it. */
export interface StoredPart {
  part: number;
  etag: string;
}

/** What the store answers when the parts named do not make an object: the client's mistake. */
const REFUSED_PARTS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchUpload']);

/** S3's smallest part (all but the last). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

// Long enough for a slow client to finish a large upload; the URL never leaves this process.
const PRESIGNED_PUT_SECONDS = 15 * 60;

// The S3 client and its XML parsers take about 10 MiB of each process that loads them.
const loadMinio = loadOnFirstUse(() => import('minio'));

interface Connection {
  config: StorageConfig;
  lib: Minio;
  client: Client;
  agent: HttpAgent;
  /**
   * Signs presigned GETs for S3_PUBLIC_ENDPOINT (the signature covers the host, so the URL cannot
   * be rewritten afterwards); `client` when that is unset. It never sends a request: the region is
   * set, so presigning needs no round trip to the store.
   */
  publicClient: Client;
}

/**
 * Object storage (S3, MinIO, s3rver) for services and the gateway: bytes go here, and only keys
 * travel on the bus. Configuration is read on first use, so a service that never stores anything
 * needs no S3_* settings. Failures of the store are 503s; a missing object is null, not an error.
 */
export class ObjectStorage {
  private config: StorageConfig | undefined;
  private agent: HttpAgent | undefined;
  private connection: Promise<Connection> | undefined;

  constructor(private readonly configure: () => StorageConfig) {}

  static fromEnv(env: NodeJS.ProcessEnv = serviceEnv()): ObjectStorage {
    return new ObjectStorage(() => readStorageConfig(env));
  }

  /**
   * Refuses with 503 before any change when no store is configured, for a feature that cannot
   * work without one (recordings) and must not half-start.
   */
  requireConfigured(): void {
    try {
      this.settings();
    } catch (err) {
      throw AppError.unavailable(`Storage is not configured: ${(err as Error).message}`);
    }
  }

  /** Stores an object already in memory (a re-encoded photo, a small generated file). */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { client, config } = await this.connect();
    await guard(() => client.putObject(config.bucket, key, data, data.length, { 'Content-Type': contentType }));
  }

  /**
   * Streams `size` bytes into a new object without holding them in memory. A presigned PUT is used
   * rather than the minio client's putObject, which buffers any stream smaller than its part size
   * (64 MiB) and, over plain http, signs a hash of the whole payload. An error of `body` itself
   * (an AppError such as a size limit) is rethrown as it is.
   */
  async putStream(key: string, body: Readable, opts: PutStreamOptions): Promise<void> {
    const { client, config } = await this.connect();
    const url = await guard(() => client.presignedPutObject(config.bucket, key, PRESIGNED_PUT_SECONDS));
    await this.sendPut(url, body, opts, `PUT ${key}`);
  }

  /**
   * One presigned PUT of `body`, answered 200. The payload is not signed (the URL is), so no
   * hash of the bytes is computed here: the store checks the length.
   */
  private async sendPut(url: string, body: Readable, opts: PutStreamOptions, what: string): Promise<IncomingMessage> {
    const { agent } = await this.connect();
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req: ClientRequest = send(url, {
      method: 'PUT',
      agent,
      headers: { 'content-length': String(opts.size), 'content-type': opts.contentType },
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    // The pipeline reports the first failure; this one must not also surface as unhandled.
    answered.catch(() => undefined);
    let res: IncomingMessage;
    try {
      await pipeline(body, req);
      res = await answered;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unavailable(err);
    }
    const text = await readText(res);
    if (res.statusCode !== 200) throw unavailable(new Error(`${what} answered ${res.statusCode}: ${text.slice(0, 300)}`));
    return res;
  }

  /**
   * The object's bytes as a stream with its size and type; null when there is no such object.
   * One GET: its headers say the size and type.
   */
  async open(key: string): Promise<ObjectBody | null> {
    const { client, config, lib } = await this.connect();
    let stream: Readable;
    try {
      stream = await client.getObject(config.bucket, key);
    } catch (err) {
      if (isMissing(err, lib)) return null;
      throw unavailable(err);
    }
    const headers = (stream as Partial<IncomingMessage>).headers ?? {};
    const size = Number(headers['content-length']);
    if (!Number.isSafeInteger(size)) {
      // Not an answer this client could size (never seen from S3, MinIO or s3rver): ask the store.
      stream.destroy();
      const info = await this.stat(key);
      return info && { ...info, stream: await guard(() => client.getObject(config.bucket, key)) };
    }
    return { size, contentType: headers['content-type'] ?? 'application/octet-stream', stream };
  }

  /**
   * The whole object in memory, for a service that must decode it (an image); refuses with 413
   * anything over `maxBytes` before reading it. Null when there is no such object.
   */
  async read(key: string, maxBytes: number): Promise<Buffer | null> {
    const object = await this.open(key);
    if (!object) return null;
    if (object.size > maxBytes) {
      object.stream.destroy();
      throw AppError.tooLarge(`The file is over ${maxBytes} bytes.`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of object.stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        // The stored size said otherwise; never hold more than was promised.
        if (total > maxBytes) throw AppError.tooLarge(`The file is over ${maxBytes} bytes.`);
        chunks.push(chunk);
      }
    } catch (err) {
      object.stream.destroy();
      if (err instanceof AppError) throw err;
      throw unavailable(err);
    }
    return Buffer.concat(chunks, total);
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const { client, config, lib } = await this.connect();
    try {
      const stat = await client.statObject(config.bucket, key);
      const type = stat.metaData['content-type'];
      return { size: stat.size, contentType: typeof type === 'string' ? type : 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err, lib)) return null;
      throw unavailable(err);
    }
  }

  /**
   * `length` bytes of the object from `offset` (a ranged GET), never the whole object; null when
   * there is no such object. The caller checks the range against the size it got from stat().
   */
  async openRange(key: string, offset: number, length: number): Promise<Readable | null> {
    const { client, config, lib } = await this.connect();
    try {
      return await client.getPartialObject(config.bucket, key, offset, length);
    } catch (err) {
      if (isMissing(err, lib)) return null;
      throw unavailable(err);
    }
  }

  /**
   * A presigned GET of the object valid `seconds`, for a client to fetch it straight from storage.
   * The address is S3_PUBLIC_ENDPOINT's when set (the store as clients reach it), else
   * S3_ENDPOINT's, so clients must be able to reach that one. `fileName` asks storage to serve it
   * as an attachment.
   */
  async presignGet(key: string, seconds: number, fileName?: string): Promise<string> {
    const { publicClient, config } = await this.connect();
    const headers = fileName ? { 'response-content-disposition': attachmentDisposition(fileName) } : undefined;
    return guard(() => publicClient.presignedGetObject(config.bucket, key, seconds, headers));
  }

  /** The keys under a prefix (all of them, however many pages that takes). */
  async list(prefix: string): Promise<string[]> {
    const { client, config } = await this.connect();
    return guard(async () => {
      const keys: string[] = [];
      for await (const item of client.listObjectsV2(config.bucket, prefix, true) as AsyncIterable<{ name?: string }>) {
        if (item.name) keys.push(item.name);
      }
      return keys;
    });
  }

  /** Removes an object; removing one that is not there succeeds, so retries are safe. */
  async remove(key: string): Promise<void> {
    const { client, config } = await this.connect();
    await guard(() => client.removeObject(config.bucket, key));
  }

  /** Copies an object inside the bucket, on the store's side (the bytes never pass through here). */
  async copy(sourceKey: string, key: string): Promise<void> {
    const { client, config, lib } = await this.connect();
    await guard(() => client.copyObject(
      new lib.CopySourceOptions({ Bucket: config.bucket, Object: sourceKey }),
      new lib.CopyDestinationOptions({ Bucket: config.bucket, Object: key }),
    ).then(() => undefined));
  }

  /**
   * An S3 multipart upload into `key`: every part but the last must be at least 5 MiB (the
   * store's rule). Abort it on failure, or its parts keep costing space until the store expires them.
   */
  async startMultipart(key: string, contentType: string): Promise<MultipartUpload> {
    const uploadId = await this.createMultipart(key, contentType);
    const parts: StoredPart[] = [];
    let numbered = 0;
    return {
      // A presigned PUT rather than the client's uploadPart, which hashes every part's bytes to sign them over plain http.
      putPart: async (pieces: readonly Buffer[]) => {
        const part = ++numbered;
        const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
        const { client, config } = await this.connect();
        const url = await guard(() => client.presignedUrl('PUT', config.bucket, key, PRESIGNED_PUT_SECONDS, { uploadId, partNumber: String(part) }));
        const res = await this.sendPut(url, Readable.from(pieces), { size, contentType: 'application/octet-stream' }, `part ${part} of ${key}`);
        const etag = res.headers.etag;
        if (!etag) throw unavailable(new Error(`part ${part} of ${key} answered no ETag`));
        parts.push({ part, etag: etag.replace(/^"|"$/g, '') });
      },
      complete: async () => {
        const refused = await this.completeMultipart(key, uploadId, parts);
        if (refused) throw unavailable(new Error(`completing ${key} was refused: ${refused}`));
      },
      abort: () => this.abortMultipart(key, uploadId),
    };
  }

  /** Starts a multipart upload into `key` and answers its upload id (for parts sent by someone else: presignPart). */
  async createMultipart(key: string, contentType: string): Promise<string> {
    const { client, config } = await this.connect();
    return guard(() => client.initiateNewMultipartUpload(config.bucket, key, { 'Content-Type': contentType }));
  }

  /**
   * The origin the site's pages send parts to (S3_PUBLIC_ENDPOINT's, else S3_ENDPOINT's) when the
   * store takes uploads from them (S3_BROWSER_UPLOADS); null when it does not or no store is
   * configured, and the pages then send every file through the API in chunks. A malformed
   * setting still throws, so the process that asks at start stops naming it.
   */
  browserUploadOrigin(): string | null {
    let config: StorageConfig;
    try {
      config = this.settings();
    } catch (err) {
      if (err instanceof SettingError) throw err;
      return null;
    }
    return config.browserUploads ? (config.publicEndpoint ?? config.endpoint).origin : null;
  }

  /**
   * A presigned UploadPart for a client to send one part straight to storage, valid `seconds`:
   * the signature covers the object, the upload id and the part number, so the URL writes that
   * part of that upload and nothing else. Made for S3_PUBLIC_ENDPOINT when set (as presignGet).
   */
  async presignPart(key: string, uploadId: string, partNumber: number, seconds: number): Promise<string> {
    const { publicClient, config } = await this.connect();
    return guard(() => publicClient.presignedUrl('PUT', config.bucket, key, seconds, { uploadId, partNumber: String(partNumber) }));
  }


  /**
   * Joins the parts (numbers and the ETags their PUTs answered) into the object, on the store's
   * side. Undefined when joined; the store's refusal code (`InvalidPart`: a part missing or other
   * bytes than its ETag says, `EntityTooSmall`, `NoSuchUpload`, …) when the parts do not make an
   * object, which is the client's to fix, not an outage.
   */
  async completeMultipart(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<string | undefined> {
    const { client, config, lib } = await this.connect();
    const ordered = [...parts].sort((a, b) => a.part - b.part);
    try {
      await client.completeMultipartUpload(config.bucket, key, uploadId, ordered);
      return undefined;
    } catch (err) {
      if (err instanceof lib.S3Error && err.code && REFUSED_PARTS.has(err.code)) return err.code;
      throw unavailable(err);
    }
  }

  /**
   * The parts a multipart upload holds so far, with the bytes the store kept for each: presigned
   * part URLs cannot make the store refuse another length (the signature covers no header but the
   * host), so what was sent is checked here. Null for an upload that no longer exists (completed
   * or aborted).
   */
  async listParts(key: string, uploadId: string): Promise<{ part: number; size: number }[] | null> {
    const { client, config, lib } = await this.connect();
    // ListParts is part of the client's S3 surface, but its typings keep it for the client's own use.
    const list = (client as unknown as { listParts(b: string, k: string, u: string): Promise<{ part: number; size: number }[]> }).listParts;
    try {
      const parts = await list.call(client, config.bucket, key, uploadId);
      return parts.map((p) => ({ part: Number(p.part), size: Number(p.size) }));
    } catch (err) {
      if (err instanceof lib.S3Error && err.code === 'NoSuchUpload') return null;
      throw unavailable(err);
    }
  }

  /**
   * Incomplete multipart uploads under `prefix` (one page: up to 1000, the store's order), with
   * when each began, for a sweep of those left behind. Empty where the store does not list them
   * (MinIO lists only those of one exact key, and expires the rest itself after a day).
   */
  async listIncompleteUploads(prefix: string): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
    const { client, config, lib } = await this.connect();
    try {
      const { uploads } = await client.listIncompleteUploadsQuery(config.bucket, prefix, '', '', '');
      return uploads.map((u) => ({ key: u.key, uploadId: u.uploadId, initiated: new Date(u.initiated) }));
    } catch (err) {
      if (err instanceof lib.S3Error && err.code === 'NotImplemented') return [];
      throw unavailable(err);
    }
  }

  /** Drops a multipart upload and its parts; one already completed or aborted is not an error. */
  async abortMultipart(key: string, uploadId: string): Promise<void> {
    const { client, config, lib } = await this.connect();
    try {
      await client.abortMultipartUpload(config.bucket, key, uploadId);
    } catch (err) {
      if (err instanceof lib.S3Error && err.code === 'NoSuchUpload') return;
      throw unavailable(err);
    }
  }

  /** Closes pooled connections (tests, shutdown). */
  close(): void {
    this.agent?.destroy();
  }

  private settings(): StorageConfig {
    return (this.config ??= this.configure());
  }

  private connect(): Promise<Connection> {
    this.connection ??= (async () => {
      const config = this.settings();
      const useSSL = config.endpoint.protocol === 'https:';
      const agent = useSSL ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
      this.agent = agent;
      const lib = await loadMinio();
      const client = minioClient(lib, config, config.endpoint, agent);
      const publicClient = config.publicEndpoint ? minioClient(lib, config, config.publicEndpoint) : client;
      return { config, lib, client, agent, publicClient };
    })();
    // A missing setting is reported on every use, as before the first connection.
    this.connection.catch(() => { this.connection = undefined; });
    return this.connection;
  }
}

/** `attachment` with the name as a plain-ASCII fallback and in full (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const base = fileName.split('/').pop() || 'download';
  const ascii = base.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
