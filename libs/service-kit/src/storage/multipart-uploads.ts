import { Readable } from 'node:stream';

import { guard, unavailable } from './store-client.js';
import { PRESIGNED_PUT_SECONDS, type StoreConnection } from './store-connection.js';

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

/**
 * S3 multipart uploads, for ObjectStorage: sent by this process (start), or part by part by a
 * client on presigned URLs (create, presignPart), then checked, joined, listed and aborted.
 */
export class MultipartUploads {
  constructor(private readonly store: StoreConnection) {}

  /**
   * An S3 multipart upload into `key`: every part but the last must be at least 5 MiB (the
   * store's rule). Abort it on failure, or its parts keep costing space until the store expires them.
   */
  async start(key: string, contentType: string): Promise<MultipartUpload> {
    const uploadId = await this.create(key, contentType);
    const parts: StoredPart[] = [];
    let numbered = 0;
    return {
      // A presigned PUT rather than the client's uploadPart, which hashes every part's bytes to sign them over plain http.
      putPart: async (pieces: readonly Buffer[]) => {
        const part = ++numbered;
        const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
        const { client, config } = await this.store.connect();
        const url = await guard(() => client.presignedUrl('PUT', config.bucket, key, PRESIGNED_PUT_SECONDS, { uploadId, partNumber: String(part) }));
        const res = await this.store.sendPut(url, Readable.from(pieces), { size, contentType: 'application/octet-stream' }, `part ${part} of ${key}`);
        const etag = res.headers.etag;
        if (!etag) throw unavailable(new Error(`part ${part} of ${key} answered no ETag`));
        parts.push({ part, etag: etag.replace(/^"|"$/g, '') });
      },
      complete: async () => {
        const refused = await this.complete(key, uploadId, parts);
        if (refused) throw unavailable(new Error(`completing ${key} was refused: ${refused}`));
      },
      abort: () => this.abort(key, uploadId),
    };
  }

  /** Starts a multipart upload into `key` and answers its upload id (for parts sent by someone else: presignPart). */
  async create(key: string, contentType: string): Promise<string> {
    const { client, config } = await this.store.connect();
    return guard(() => client.initiateNewMultipartUpload(config.bucket, key, { 'Content-Type': contentType }));
  }

  /**
   * A presigned UploadPart for a client to send one part straight to storage, valid `seconds`:
   * the signature covers the object, the upload id and the part number, so the URL writes that
   * part of that upload and nothing else. Made for S3_PUBLIC_ENDPOINT when set (as presignGet).
   */
  async presignPart(key: string, uploadId: string, partNumber: number, seconds: number): Promise<string> {
    const { publicClient, config } = await this.store.connect();
    return guard(() => publicClient.presignedUrl('PUT', config.bucket, key, seconds, { uploadId, partNumber: String(partNumber) }));
  }

  /**
   * Joins the parts (numbers and the ETags their PUTs answered) into the object, on the store's
   * side. Undefined when joined; the store's refusal code (`InvalidPart`: a part missing or other
   * bytes than its ETag says, `EntityTooSmall`, `NoSuchUpload`, …) when the parts do not make an
   * object, which is the client's to fix, not an outage.
   */
  async complete(key: string, uploadId: string, parts: readonly StoredPart[]): Promise<string | undefined> {
    const { client, config, lib } = await this.store.connect();
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
    const { client, config, lib } = await this.store.connect();
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
  async listIncomplete(prefix: string): Promise<{ key: string; uploadId: string; initiated: Date }[]> {
    const { client, config, lib } = await this.store.connect();
    try {
      const { uploads } = await client.listIncompleteUploadsQuery(config.bucket, prefix, '', '', '');
      return uploads.map((u) => ({ key: u.key, uploadId: u.uploadId, initiated: new Date(u.initiated) }));
    } catch (err) {
      if (err instanceof lib.S3Error && err.code === 'NotImplemented') return [];
      throw unavailable(err);
    }
  }

  /** Drops a multipart upload and its parts; one already completed or aborted is not an error. */
  async abort(key: string, uploadId: string): Promise<void> {
    const { client, config, lib } = await this.store.connect();
    try {
      await client.abortMultipartUpload(config.bucket, key, uploadId);
    } catch (err) {
      if (err instanceof lib.S3Error && err.code === 'NoSuchUpload') return;
      throw unavailable(err);
    }
  }
}
