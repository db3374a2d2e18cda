import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

import { AppError } from '@marketplace/contracts';

import { serviceEnv } from '../scope/service-scope.js';
import { SettingError } from '../scope/settings.js';
import { type MultipartUpload, MultipartUploads, type StoredPart } from './multipart-uploads.js';
import { readStorageConfig, type StorageConfig } from './storage-config.js';
import { guard, isMissing, unavailable } from './store-client.js';
import { PRESIGNED_PUT_SECONDS, type PutStreamOptions, StoreConnection } from './store-connection.js';

export { MIN_PART_BYTES, type MultipartUpload, type StoredPart } from './multipart-uploads.js';
export type { PutStreamOptions } from './store-connection.js';

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface ObjectBody extends ObjectInfo {
  stream: Readable;
}

/**
 * Object storage (S3, MinIO, s3rver) for services and the gateway: bytes go here, and only keys
 * travel on the bus. Configuration is read on first use, so a service that never stores anything
 * needs no S3_* settings. Failures of the store are 503s; a missing object is null, not an error.
 */
export class ObjectStorage {
  private readonly store: StoreConnection;
  private readonly multipart: MultipartUploads;

  constructor(configure: () => StorageConfig) {
    this.store = new StoreConnection(configure);
    this.multipart = new MultipartUploads(this.store);
  }

  static fromEnv(env: NodeJS.ProcessEnv = serviceEnv()): ObjectStorage {
    return new ObjectStorage(() => readStorageConfig(env));
  }

  /**
   * Refuses with 503 before any change when no store is configured, for a feature that cannot
   * work without one (recordings) and must not half-start.
   */
  requireConfigured(): void {
    try {
      this.store.settings();
    } catch (err) {
      throw AppError.unavailable(`Storage is not configured: ${(err as Error).message}`);
    }
  }

  /** Stores an object already in memory (a re-encoded photo, a small generated file). */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { client, config } = await this.store.connect();
    await guard(() => client.putObject(config.bucket, key, data, data.length, { 'Content-Type': contentType }));
  }

  /**
   * Streams `size` bytes into a new object without holding them in memory. A presigned PUT is used
   * rather than the minio client's putObject, which buffers any stream smaller than its part size
   * (64 MiB) and, over plain http, signs a hash of the whole payload. An error of `body` itself
   * (an AppError such as a size limit) is rethrown as it is.
   */
  async putStream(key: string, body: Readable, opts: PutStreamOptions): Promise<void> {
    const { client, config } = await this.store.connect();
    const url = await guard(() => client.presignedPutObject(config.bucket, key, PRESIGNED_PUT_SECONDS));
    await this.store.sendPut(url, body, opts, `PUT ${key}`);
  }

  /**
   * The object's bytes as a stream with its size and type; null when there is no such object.
   * One GET: its headers say the size and type.
   */
  async open(key: string): Promise<ObjectBody | null> {
    const { client, config, lib } = await this.store.connect();
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
    const { client, config, lib } = await this.store.connect();
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
    const { client, config, lib } = await this.store.connect();
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
    const { publicClient, config } = await this.store.connect();
    const headers = fileName ? { 'response-content-disposition': attachmentDisposition(fileName) } : undefined;
    return guard(() => publicClient.presignedGetObject(config.bucket, key, seconds, headers));
  }

  /** The keys under a prefix (all of them, however many pages that takes). */
  async list(prefix: string): Promise<string[]> {
    const { client, config } = await this.store.connect();
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
    const { client, config } = await this.store.connect();
    await guard(() => client.removeObject(config.bucket, key));
  }

  /** Copies an object inside the bucket, on the store's side (the bytes never pass through here). */
  async copy(sourceKey: string, key: string): Promise<void> {
    const { client, config, lib } = await this.store.connect();
    await guard(() =>
      client
        .copyObject(
          new lib.CopySourceOptions({ Bucket: config.bucket, Object: sourceKey }),
          new lib.CopyDestinationOptions({ Bucket: config.bucket, Object: key }),
        )
        .then(() => undefined),
    );
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
      config = this.store.settings();
    } catch (err) {
      if (err instanceof SettingError) throw err;
      return null;
    }
    return config.browserUploads ? (config.publicEndpoint ?? config.endpoint).origin : null;
  }

  // Multipart uploads: multipart-uploads.ts says what each does.
  startMultipart(key: string, contentType: string): Promise<MultipartUpload> {
    return this.multipart.start(key, contentType);
  }
  createMultipart(key: string, contentType: string): Promise<string> {
    return this.multipart.create(key, contentType);
  }
  presignPart(key: string, uploadId: string, partNumber: number, seconds: number): Promise<string> {
    return this.multipart.presignPart(key, uploadId, partNumber, seconds);
  }
  completeMultipart(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<string | undefined> {
    return this.multipart.complete(key, uploadId, parts);
  }
  listParts(key: string, uploadId: string): Promise<{ part: number; size: number }[] | null> {
    return this.multipart.listParts(key, uploadId);
  }
  listIncompleteUploads(prefix: string): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
    return this.multipart.listIncomplete(prefix);
  }
  abortMultipart(key: string, uploadId: string): Promise<void> {
    return this.multipart.abort(key, uploadId);
  }

  /** Closes pooled connections (tests, shutdown). */
  close(): void {
    this.store.close();
  }
}

/** `attachment` with the name as a plain-ASCII fallback and in full (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const base = fileName.split('/').pop() || 'download';
  const ascii = base.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
