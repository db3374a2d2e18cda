import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { startEmbeddedPostgres, startS3rver, type StartedDatabase } from '@marketplace/local-stack';

// The cluster's storage host (run by cluster.ts inside the first host's namespace): PostgreSQL and
// object storage listening on the host's own address. It answers one line of JSON when both are
// ready, and on the line `restart-postgres` stops PostgreSQL and starts it again on the same port.

const [address, dataDir, allowFrom] = process.argv.slice(2) as [string, string, string];
const POSTGRES_PORT = 5432;
const S3_PORT = 9000;
const log = (line: string) => process.stderr.write(`${line}\n`);

const startPostgres = () => startEmbeddedPostgres({
  dir: join(dataDir, 'postgres'), ephemeral: false, log, host: address, port: POSTGRES_PORT, allowFrom,
  // Three hosts of ten services, each with its own pool.
  maxConnections: 900,
});

let postgres: StartedDatabase = await startPostgres();
const s3 = await startS3rver({ directory: join(dataDir, 's3'), log, address, port: S3_PORT });
process.stdout.write(`${JSON.stringify({ databaseUrl: postgres.url, s3: s3.settings })}\n`);

let busy = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'restart-postgres') return;
  busy = busy.then(async () => {
    await postgres.stop();
    postgres = await startPostgres();
    process.stdout.write('postgres-restarted\n');
  }).catch((error: unknown) => {
    process.stdout.write(`postgres-restart-failed ${String(error)}\n`);
  });
});

const stop = async () => {
  await busy;
  await Promise.allSettled([postgres.stop(), s3.stop()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
