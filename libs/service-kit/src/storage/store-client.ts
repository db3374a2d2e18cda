import type { Agent as HttpAgent, IncomingMessage } from 'node:http';

import { AppError } from '@marketplace/contracts';
import type { Client } from 'minio';

import type { StorageConfig } from './storage-config.js';

// The S3 client object-storage.ts talks to the store with, and how the store's failures read to callers.

export type Minio = typeof import('minio');

export function minioClient(lib: Minio, config: StorageConfig, endpoint: URL, agent?: HttpAgent): Client {
  const useSSL = endpoint.protocol === 'https:';
  return new lib.Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    // Set, so the client never asks the store for the bucket's region first.
    region: config.region,
    // s3rver and a MinIO behind a plain host name only understand path-style addresses.
    pathStyle: true,
    ...(agent ? { transportAgent: agent } : {}),
  });
}

export function isMissing(err: unknown, lib: Minio): boolean {
  return err instanceof lib.S3Error && (err.code === 'NoSuchKey' || err.code === 'NotFound');
}

export function unavailable(cause: unknown): AppError {
  const err = AppError.unavailable('File storage is unavailable. Try again shortly.');
  // Kept for the logs; the caller sees only the message.
  return Object.assign(err, { cause });
}

export async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw unavailable(err);
  }
}

export async function readText(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res as AsyncIterable<Buffer>) if (text.length < 4096) text += chunk.toString('utf8');
  return text;
}
