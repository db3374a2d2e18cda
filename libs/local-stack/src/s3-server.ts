import { mkdir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { Client } from 'minio';
import S3rver from 's3rver';

import { settlesWithin } from './child-process.js';
import { getFreePort } from './free-port.js';
import { DEFAULT_BUCKET, DEFAULT_REGION, type S3Settings } from './infra-env.js';

// s3rver's built-in keys. It checks SigV2 signatures against them; SigV4 signatures (what the
// minio client and presigned URLs use) it does not check at all: only the key id must be known.
const LOCAL_KEY = 'S3RVER';

/**
 * The bucket's CORS rule, the one docs/operators.md asks of a bucket for S3_BROWSER_UPLOADS and no
 * more, so a page that needed more would fail here too: PUT from any origin (the launcher's site
 * moves with its port, and this store checks no signature anyway) with the ETag readable, which
 * complete needs.
 */
const BROWSER_UPLOADS_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface StartedS3 {
  settings: S3Settings;
  stop(): Promise<void>;
}

/** s3rver in this process, objects stored as files under directory. */
export async function startS3rver(opts: {
  directory: string;
  log: (line: string) => void;
  /** Where it listens (127.0.0.1 by default) and on which port (a free one by default). */
  address?: string;
  port?: number;
}): Promise<StartedS3> {
  await mkdir(opts.directory, { recursive: true });
  const address = opts.address ?? '127.0.0.1';
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await getFreePort());
    const server = new S3rver({
      address,
      port,
      directory: opts.directory,
      silent: true,
      // Path-style only, as the minio client sends to a store that is not AWS: with virtual hosts on,
      // s3rver takes a host name that is not an IP or localhost (a cluster's http://minio:9000) as
      // the bucket's name, and every request answers "the specified bucket does not exist".
      vhostBuckets: false,
      configureBuckets: [{ name: DEFAULT_BUCKET, configs: [BROWSER_UPLOADS_CORS] }],
    });
    rememberBucketSettings(server.store);
    checkMultipartParts(server.store);
    listAndAbortParts(server);
    keepFolders(server.store);
    try {
      await server.run();
    } catch (error) {
      // A free port can be taken by someone else before s3rver binds it.
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 3 && opts.port === undefined) continue;
      throw new Error(`s3rver did not start on port ${port}: ${(error as Error).message}`);
    }
    const settings: S3Settings = {
      endpoint: `http://${address}:${port}`,
      accessKey: LOCAL_KEY,
      secretKey: LOCAL_KEY,
      bucket: DEFAULT_BUCKET,
      region: DEFAULT_REGION,
      browserUploads: true,
    };
    try {
      await assertBucket(settings, { create: false });
    } catch (error) {
      await server.close();
      throw error;
    }
    opts.log(`s3: s3rver listening on ${settings.endpoint}, objects in ${opts.directory}`);
    return { settings, stop: () => closeServer(server) };
  }
}

/**
 * s3rver looks on disk, for every request, whether the bucket exists and for its CORS and website
 * settings (two files that are normally absent): a few file system calls per request on the
 * thread that also moves the bytes. Both only change through s3rver itself, so they are kept in
 * memory and forgotten when it changes them.
 */
function rememberBucketSettings(store: S3rver['store']): void {
  const buckets = new Map<string, Promise<unknown>>();
  const settings = new Map<string, Promise<unknown>>();
  const remembered = (cache: Map<string, Promise<unknown>>, key: string, load: () => Promise<unknown>) => {
    let hit = cache.get(key);
    if (!hit) {
      hit = load();
      cache.set(key, hit);
      // Only a bucket that exists is remembered; a failure or a missing bucket is asked again.
      hit.then(
        (value) => {
          if (cache === buckets && !value) cache.delete(key);
        },
        () => cache.delete(key),
      );
    }
    return hit;
  };
  const { getBucket, putBucket, deleteBucket, getSubresource, putSubresource, deleteSubresource } = store;
  store.getBucket = (bucket) => remembered(buckets, bucket, () => getBucket.call(store, bucket));
  store.putBucket = (bucket) => {
    buckets.delete(bucket);
    return putBucket.call(store, bucket);
  };
  store.deleteBucket = (bucket) => {
    buckets.delete(bucket);
    return deleteBucket.call(store, bucket);
  };
  // Object-level settings (a key) are not asked per request; only the bucket's are remembered.
  store.getSubresource = (bucket, key, type) =>
    key === undefined
      ? remembered(settings, `${bucket}\n${type}`, () => getSubresource.call(store, bucket, key, type))
      : getSubresource.call(store, bucket, key, type);
  store.putSubresource = async (bucket, key, resource) => {
    try {
      await putSubresource.call(store, bucket, key, resource);
    } finally {
      settings.delete(`${bucket}\n${resource.type}`);
    }
  };
  store.deleteSubresource = async (bucket, key, type) => {
    try {
      await deleteSubresource.call(store, bucket, key, type);
    } finally {
      settings.delete(`${bucket}\n${type}`);
    }
  };
}

/** s3rver's own error, which it answers as S3 does (code, status, XML). */
const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error.js') as new (code: string, message: string) => Error;

/**
 * CompleteMultipartUpload as S3 does it: every part named must have been stored whole with the
 * ETag named (InvalidPart otherwise), and the upload must exist (NoSuchUpload). s3rver itself
 * checks neither: it joins whatever part files it finds, and a part never stored (a PUT cut off)
 * makes it read a missing file, an error no one handles, which ends the process hosting it.
 */
function checkMultipartParts(store: S3rver['store']): void {
  const { putObjectMultipart } = store;
  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    const dir = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    try {
      await readFile(join(dir, 'key'));
    } catch {
      throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
    }
    for (const part of parts) {
      // Written only once the part's bytes are all stored: a part cut off has none.
      const md5 = await readFile(join(dir, `${part.number}.md5`), 'utf8').catch(() => undefined);
      if (md5 !== part.etag) {
        throw new S3Error('InvalidPart', 'One or more of the specified parts could not be found or did not match its entity tag.');
      }
    }
    return putObjectMultipart.call(store, bucket, uploadId, parts);
  };
}

/**
 * ListParts, AbortMultipartUpload and ListMultipartUploads, which s3rver answers 405 or 501: the
 * files service checks the parts a direct upload holds before joining them, aborts an upload with
 * an oversized part or one abandoned (the store then frees its bytes at once, as S3 does),
 * and its sweep lists the incomplete uploads to abort those left behind. Run ahead of s3rver's own
 * routes, on its store's upload folders (`<upload id>/key`, `<part>`, `<part>.md5`).
 */
function listAndAbortParts(server: S3rver): void {
  server.middleware.unshift(async (ctx, next) => {
    const [bucket, ...rest] = ctx.path
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
    const uploads = server.store.getResourcePath(bucket ?? '', undefined, 'uploads');
    if (bucket && !rest.length && ctx.method === 'GET' && ctx.query.uploads !== undefined) {
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = await listUploads(uploads, bucket, typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '');
      return;
    }
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const isList = ctx.method === 'GET' && ctx.query.partNumber === undefined;
    if (!uploadId || !/^[0-9a-f]+$/i.test(uploadId) || !(isList || ctx.method === 'DELETE')) return next();
    const dir = join(uploads, uploadId);
    const key = await readFile(join(dir, 'key'), 'utf8').catch(() => undefined);
    if (key === undefined) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts: string[] = [];
    for (const name of (await readdir(dir)).filter((n) => /^\d+$/.test(n)).sort((a, b) => Number(a) - Number(b))) {
      // A part counts once all its bytes are stored (its .md5 is written last), as a cut-off PUT leaves none.
      const md5 = await readFile(join(dir, `${name}.md5`), 'utf8').catch(() => undefined);
      if (md5 === undefined) continue;
      const info = await stat(join(dir, name));
      parts.push(
        `<Part><PartNumber>${name}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
          `<ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`,
      );
    }
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

/** The bucket's incomplete uploads under `prefix`, oldest first, each initiated when its key file was written. */
async function listUploads(dir: string, bucket: string, prefix: string): Promise<string> {
  const found: { key: string; uploadId: string; initiated: Date }[] = [];
  for (const uploadId of await readdir(dir).catch(() => [] as string[])) {
    const keyFile = join(dir, uploadId, 'key');
    const [key, info] = await Promise.all([readFile(keyFile, 'utf8').catch(() => undefined), stat(keyFile).catch(() => undefined)]);
    if (key !== undefined && info && key.startsWith(prefix)) found.push({ key, uploadId, initiated: info.mtime });
  }
  found.sort((a, b) => a.initiated.getTime() - b.initiated.getTime());
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = found.map(
    (u) =>
      `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.uploadId}</UploadId>` +
      `<Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix>` +
    `<MaxUploads>${Math.max(1000, items.length)}</MaxUploads><IsTruncated>false</IsTruncated>${items.join('')}</ListMultipartUploadsResult>`
  );
}

/**
 * DeleteObject without s3rver's clean-up of emptied folders. An upload into a folder just as its
 * last object was deleted found the folder gone; the write stream's error, which nothing inside
 * s3rver handles, then ended the process hosting the store (uploads created and deleted at once,
 * as in bench:capacity, hit it within minutes). Empty folders cost nothing and never show: s3rver
 * builds listings from the object files alone.
 */
function keepFolders(store: S3rver['store']): void {
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map(async (resource) => {
        try {
          await unlink(store.getResourcePath(bucket, key, resource));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }),
    );
  };
}

async function closeServer(server: S3rver): Promise<void> {
  const closed = server.close();
  // close() waits for open connections; a client of a killed service may hold
  // one, so cut them after a moment rather than wait for their timeouts.
  if (!(await settlesWithin(closed, 2000))) server.httpServer?.closeAllConnections();
  await closed;
}

/**
 * Checks through a real S3 client (the one the services use) that the bucket
 * is there. For a real S3 endpoint the bucket is created when missing, which
 * is what a fresh MinIO container needs.
 */
export async function assertBucket(settings: S3Settings, opts: { create: boolean }): Promise<void> {
  const url = new URL(settings.endpoint);
  const useSSL = url.protocol === 'https:';
  const client = new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    region: settings.region,
    pathStyle: true,
    // No keep-alive: this one check must not leave a socket open.
    transportAgent: useSSL ? new HttpsAgent({ keepAlive: false }) : new Agent({ keepAlive: false }),
  });
  const describe = `bucket "${settings.bucket}" at ${settings.endpoint}`;
  let exists: boolean;
  try {
    exists = await client.bucketExists(settings.bucket);
  } catch (error) {
    throw new Error(`Could not check ${describe}: ${(error as Error).message}`);
  }
  if (exists) return;
  if (!opts.create) throw new Error(`The ${describe} does not exist`);
  try {
    await client.makeBucket(settings.bucket, settings.region);
  } catch (error) {
    throw new Error(`The ${describe} does not exist and could not be created: ${(error as Error).message}`);
  }
}
