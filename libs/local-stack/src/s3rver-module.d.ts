// s3rver ships no type declarations; this covers only what s3-server.ts uses.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  /** The filesystem store behind the server (only the calls s3-server.ts wraps). */
  interface S3rverStore {
    getBucket(bucket: string): Promise<unknown>;
    putBucket(bucket: string): Promise<unknown>;
    deleteBucket(bucket: string): Promise<void>;
    getSubresource(bucket: string, key: string | undefined, type: string): Promise<unknown>;
    putSubresource(bucket: string, key: string | undefined, resource: { type: string }): Promise<void>;
    deleteSubresource(bucket: string, key: string | undefined, type: string): Promise<void>;
    /** Joins an upload's part files (numbers and ETags without quotes) into its object. */
    putObjectMultipart(bucket: string, uploadId: string, parts: Array<{ number: number; etag: string }>): Promise<{ md5: string; size: number }>;
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    deleteObject(bucket: string, key: string): Promise<void>;
  }

  /** The slice of a Koa context the added multipart middleware reads and writes. */
  interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    store: S3rverStore;
    /** Koa's middleware list, composed when the server starts (run). */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void>;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: Server;
  }

  export = S3rver;
}
