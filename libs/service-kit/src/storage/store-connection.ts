import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { AppError } from '@marketplace/contracts';
import type { Client } from 'minio';

import { loadOnFirstUse } from '../scope/load-on-first-use.js';
import type { StorageConfig } from './storage-config.js';
import { type Minio, minioClient, readText, unavailable } from './store-client.js';

export interface PutStreamOptions {
  /** Exact length: S3 refuses a PUT without one, and a body that ends short fails instead of storing a stub. */
  size: number;
  contentType: string;
  signal?: AbortSignal;
}

// Long enough for a slow client to finish a large upload; the URL never leaves this process.
export const PRESIGNED_PUT_SECONDS = 15 * 60;

// The S3 client and its XML parsers take about 10 MiB of each process that loads them.
const loadMinio = loadOnFirstUse(() => import('minio'));

export interface Connection {
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
 * The store as ObjectStorage reaches it: the configuration read on first use, one client over a
 * pooled keep-alive agent, and the presigned PUTs sent over that agent.
 */
export class StoreConnection {
  private config: StorageConfig | undefined;
  private agent: HttpAgent | undefined;
  private connection: Promise<Connection> | undefined;

  constructor(private readonly configure: () => StorageConfig) {}

  settings(): StorageConfig {
    return (this.config ??= this.configure());
  }

  connect(): Promise<Connection> {
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
    this.connection.catch(() => {
      this.connection = undefined;
    });
    return this.connection;
  }

  /**
   * One presigned PUT of `body`, answered 200. The payload is not signed (the URL is), so no
   * hash of the bytes is computed here: the store checks the length.
   */
  async sendPut(url: string, body: Readable, opts: PutStreamOptions, what: string): Promise<IncomingMessage> {
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

  /** Closes pooled connections (tests, shutdown). */
  close(): void {
    this.agent?.destroy();
  }
}
