import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { type StartedDatabase, startEmbeddedPostgres, startS3rver } from '@marketplace/local-stack';

// The cluster's storage host (run by cluster.ts inside the first host's namespace): PostgreSQL and
// object storage listening on the host's own address. It answers one line of JSON when both are
// ready, and on the line `restart-postgres` stops PostgreSQL and starts it again on the same port.
// The line `s3-key <id> <secret>` makes s3rver know one more access key (the chart's per-service
// store users, chart-cluster.ts): s3rver keeps its keys in one registry of accounts and checks only
// that a SigV4 request's key id is in it, so no policy limits what a key may touch here.

const [address, dataDir, allowFrom] = process.argv.slice(2) as [string, string, string];
const POSTGRES_PORT = 5432;
const S3_PORT = 9000;
const log = (line: string) => process.stderr.write(`${line}\n`);

const startPostgres = () =>
  startEmbeddedPostgres({
    dir: join(dataDir, 'postgres'),
    ephemeral: false,
    log,
    host: address,
    port: POSTGRES_PORT,
    allowFrom,
    // Three hosts of ten services, each with its own pool.
    maxConnections: 900,
  });

let postgres: StartedDatabase = await startPostgres();
const s3 = await startS3rver({ directory: join(dataDir, 's3'), log, address, port: S3_PORT });
process.stdout.write(`${JSON.stringify({ databaseUrl: postgres.url, s3: s3.settings })}\n`);

let busy = Promise.resolve();
interface S3rverAccount {
  createKeyPair(id: string, secret: string): void;
}
const s3rverAccounts = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: S3rverAccount };

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, id, secret] = line.trim().split(' ');
  if (command === 's3-key' && id && secret) {
    s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(id, secret);
    process.stdout.write('s3-key-added\n');
    return;
  }
  if (line.trim() !== 'restart-postgres') return;
  busy = busy
    .then(async () => {
      await postgres.stop();
      postgres = await startPostgres();
      process.stdout.write('postgres-restarted\n');
    })
    .catch((error: unknown) => {
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
