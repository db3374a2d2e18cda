import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import type { BusPrincipal } from '@marketplace/contracts';
import type { BusCredentials } from '@marketplace/service-kit/bus-credentials';

import { lockDataDir } from './data-dir-lock.js';
import { localDataKey } from './data-key.js';
import { createEphemeralDatabase, type StartedDatabase } from './database-admin.js';
import { startEmbeddedPostgres } from './embedded-postgres-server.js';
import { resolveExternalInfra, type S3Settings } from './infra-env.js';
import { prepareLauncherSetup } from './launcher-setup.js';
import { type CaughtMail, startMailCatcher } from './mail-catcher.js';
import { startNatsServer } from './nats-server.js';
import { generateOAuthKeys, type OAuthKeys } from './oauth-keys.js';
import { type ProcessRecord, processRecordIn, stopRecordedLeftovers } from './process-record.js';
import { assertBucket, startS3rver } from './s3-server.js';

export interface Infrastructure {
  databaseUrl: string;
  natsUrl: string;
  s3: S3Settings;
  /**
   * This run's bus secrets. `natsSecured` is true when the embedded NATS server enforces them;
   * a NATS server named by NATS_URL has its own users, so only the caller keys apply there.
   * `env`: the bus settings of each principal's processes.
   */
  bus: { credentials: BusCredentials; natsSecured: boolean; env: Record<BusPrincipal, Record<string, string>> };
  /** This run's authorization server keys (the gateway's OAUTH_SIGNING_KEYS and OAUTH_COOKIE_KEYS). */
  oauth: OAuthKeys;
  /** DATA_ENCRYPTION_KEY for the apps that seal stored secrets: the launcher's, else one kept in dataDir. */
  dataKey: string;
  /** The local mail catcher, unless SMTP_URL names a real server. */
  mail?: { smtpUrl: string; dir: string };
  /** Where the apps' processes are recorded, so that a next start on dataDir can stop what a killed one left. */
  processes: ProcessRecord;
  stop(): Promise<void>;
}

export interface InfrastructureOptions {
  dataDir: string;
  /** Throw-away run (tests): a fresh database, and dataDir removed on stop. */
  ephemeral?: boolean;
  log?: (line: string) => void;
  /** Where DATABASE_URL, NATS_URL and S3_* are read from; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Called for each message the local mail catcher receives (npm start prints sign-in links). */
  onMail?: (mail: CaughtMail) => void;
}

interface Part<T> {
  value: T;
  stop(): Promise<void>;
}

const nothingToStop = async () => undefined;

/**
 * Starts PostgreSQL, NATS and S3-compatible storage, each either embedded
 * (data under dataDir) or, when the environment names one, the real server.
 * They start in parallel; if one fails, the others are stopped again.
 */
export async function startInfrastructure(opts: InfrastructureOptions): Promise<Infrastructure> {
  const log = opts.log ?? (() => undefined);
  const ephemeral = opts.ephemeral ?? false;
  const dataDir = resolve(opts.dataDir);
  const external = resolveExternalInfra(opts.env ?? process.env);
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  // The apps a killed launcher left go first, while the database and bus they use still run;
  // PostgreSQL's and NATS's own leftovers are stopped as they start, by their pid files.
  await stopRecordedLeftovers(dataDir, log).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const processes = processRecordIn(dataDir);
  const dataKey = (opts.env ?? process.env).DATA_ENCRYPTION_KEY?.trim() || (await localDataKey(dataDir, ephemeral));

  const timed = async <T>(name: string, start: () => Promise<Part<T>>): Promise<Part<T>> => {
    const began = Date.now();
    const part = await start();
    log(`${name}: ready in ${Date.now() - began} ms`);
    return part;
  };

  const database = timed('postgres', async (): Promise<Part<string>> => {
    let started: StartedDatabase;
    if (external.databaseUrl) {
      if (!ephemeral) return { value: external.databaseUrl, stop: nothingToStop };
      started = await createEphemeralDatabase(external.databaseUrl, log);
    } else {
      started = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), ephemeral, log });
    }
    return { value: started.url, stop: started.stop };
  });

  // Fresh per run: nothing keeps them but the processes started with them.
  const setup = await prepareLauncherSetup();
  const { credentials } = setup;
  const nats = timed('nats', async (): Promise<Part<string>> => {
    if (external.natsUrl) return { value: external.natsUrl, stop: nothingToStop };
    const started = await startNatsServer({ storeDir: join(dataDir, 'nats'), log, config: setup.natsConfig });
    return { value: started.url, stop: started.stop };
  });

  const s3 = timed('s3', async (): Promise<Part<S3Settings>> => {
    if (external.s3) {
      await assertBucket(external.s3, { create: true });
      return { value: external.s3, stop: nothingToStop };
    }
    const started = await startS3rver({ directory: join(dataDir, 's3'), log });
    return { value: started.settings, stop: started.stop };
  });

  const [databasePart, natsPart, s3Part] = await Promise.allSettled([database, nats, s3]);
  const parts = [databasePart, natsPart, s3Part];
  const stopAll = async () => {
    const results = await Promise.allSettled(parts.map((part) => (part.status === 'fulfilled' ? part.value.stop() : undefined)));
    await processes.close();
    await unlock();
    if (ephemeral) await rm(dataDir, { recursive: true, force: true });
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (failures.length > 0) {
      throw new AggregateError(failures, `Stopping the infrastructure failed: ${failures.map((f) => (f as Error).message ?? String(f)).join('; ')}`);
    }
  };

  if (databasePart.status === 'rejected' || natsPart.status === 'rejected' || s3Part.status === 'rejected') {
    await stopAll().catch((error: unknown) => log(`could not stop after a failed start: ${String(error)}`));
    const reasons = parts.flatMap((part) => (part.status === 'rejected' ? [part.reason as unknown] : []));
    if (reasons.length === 1) throw reasons[0];
    throw new AggregateError(reasons, `The infrastructure did not start:\n${reasons.map((r) => `- ${(r as Error).message ?? String(r)}`).join('\n')}`);
  }

  // Mail goes to a catcher in dataDir/mail unless SMTP_URL names a real server (then services inherit it).
  const smtpUrl = (opts.env ?? process.env).SMTP_URL?.trim();
  const catcher = smtpUrl
    ? undefined
    : await startMailCatcher({ dir: join(dataDir, 'mail'), ...(opts.onMail ? { onMail: opts.onMail } : {}) }).catch(async (error: unknown) => {
        await stopAll().catch(() => undefined);
        throw error;
      });
  if (catcher) log(`mail: catching messages at ${catcher.smtpUrl} into ${catcher.dir}`);

  let stopping: Promise<void> | undefined;
  return {
    databaseUrl: databasePart.value.value,
    natsUrl: natsPart.value.value,
    bus: { credentials, natsSecured: !external.natsUrl, env: setup.busEnv },
    oauth: generateOAuthKeys(),
    dataKey,
    s3: s3Part.value.value,
    ...(catcher ? { mail: { smtpUrl: catcher.smtpUrl, dir: catcher.dir } } : {}),
    processes,
    // Repeated calls share the first one's outcome, so stop() is safe from
    // both a signal handler and a test teardown.
    stop: () =>
      (stopping ??= (async () => {
        await catcher?.stop();
        await stopAll();
      })()),
  };
}
