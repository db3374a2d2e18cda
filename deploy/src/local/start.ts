import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  getFreePort,
  type Infrastructure,
  isPortFree,
  PROCESS_LAYOUT_ENV,
  processLayout,
  startInfrastructure,
  startServices,
  type System,
  whenOrphaned,
} from '@marketplace/local-stack';
import { startIdleMemoryReducer } from '@marketplace/service-kit/idle-memory';

// `npm start`: the whole marketplace on this machine, data kept between runs.

// This file runs as deploy/dist/local/start.js.
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dataDir = resolve(process.env.MARKETPLACE_DATA_DIR || join(rootDir, '.marketplace'));
// The operator CLI finds the running system through this file.
const runtimeFile = join(dataDir, 'runtime.json');
const DEFAULT_PORT = 3000;

let infraStarting: Promise<Infrastructure> | undefined;
let system: System | undefined;
let stopping = false;

async function gatewayPort(): Promise<number> {
  const requested = process.env.PORT?.trim();
  if (requested) {
    const port = Number(requested);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${requested}"`);
    if (port === 0) return getFreePort();
    // Someone who asked for a port wants that one, not a surprise elsewhere.
    if (!(await isPortFree(port))) throw new Error(`PORT ${port} is already in use`);
    return port;
  }
  if (await isPortFree(DEFAULT_PORT)) return DEFAULT_PORT;
  const port = await getFreePort();
  console.log(`Port ${DEFAULT_PORT} is in use, so the gateway listens on port ${port} instead.`);
  return port;
}

async function shutdown(reason: string): Promise<void> {
  if (stopping) {
    console.log('Stopping immediately.');
    process.exit(1);
  }
  stopping = true;
  const failedStart = reason === 'startup failed';
  if (!failedStart) console.log(`\nStopping the marketplace (${reason})…`);
  let clean = true;
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    clean = false;
  };
  // Apps still starting (no System yet) are ended by local-stack's exit
  // guard when this process exits.
  await system?.stopAll().catch(fail);
  const infra = await infraStarting?.catch(() => undefined);
  await infra?.stop().catch(fail);
  await rm(runtimeFile, { force: true });
  if (failedStart) process.exit(1);
  console.log(clean ? 'Stopped.' : 'Stopped, with the errors above.');
  process.exit(clean ? 0 : 1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // SIGHUP too: closing the terminal must not leave the servers running.
  process.on(signal, () => void shutdown(signal));
}
// npm passes SIGTERM on to the process its script runs (the script execs this one), but a killed
// npm, or a shell between them, passes nothing: then the parent's exit is the signal.
whenOrphaned(() => void shutdown('the process that started it exited'));

try {
  await mkdir(dataDir, { recursive: true });
  // The database's and bus's own chatter goes to a file; the console is for the apps.
  const infraLogFile = join(dataDir, 'infrastructure.log');
  const infraLog = createWriteStream(infraLogFile, { flags: 'a' });
  console.log(`Starting PostgreSQL, NATS and object storage (log: ${infraLogFile})…`);
  infraStarting = startInfrastructure({
    dataDir,
    log: (line) => infraLog.write(`${new Date().toISOString()} ${line}\n`),
    // No mail provider on embedded defaults: show what would have been emailed.
    onMail: (mail) => {
      console.log(`\nMail to ${mail.to.join(', ')}: ${mail.subject}${mail.links.map((link) => `\n  ${link}`).join('')}\n`);
    },
  });
  const infra = await infraStarting;
  // Chosen once the infrastructure holds the data directory: a gateway a killed launcher left on
  // this directory (still holding port 3000, or PORT) has been stopped by then.
  const port = await gatewayPort();
  if (!stopping) {
    const layout = processLayout(process.env);
    console.log(
      layout === 'one-process'
        ? `Starting the services in one process (${PROCESS_LAYOUT_ENV}=per-service runs each in its own)…`
        : 'Starting the services, each in its own process…',
    );
    // This process only holds the infrastructure and watches the apps' processes: a crashed one is
    // started again (with backoff) while PostgreSQL, NATS and object storage keep running.
    system = await startServices({ infra, rootDir, gatewayPort: port, layout });
  }
  if (!stopping && system) {
    // The operator's own bus key rides along (this file is readable by its owner only); the services'
    // keys and the gateway's signing key stay in those processes.
    const runtime = {
      baseUrl: system.baseUrl,
      natsUrl: infra.natsUrl,
      databaseUrl: infra.databaseUrl,
      pid: process.pid,
      ...(infra.bus.natsSecured ? { operatorNkeySeed: infra.bus.credentials.seeds.operator } : {}),
    };
    await writeFile(runtimeFile, `${JSON.stringify(runtime, null, 2)}\n`, { mode: 0o600 });
    // This process idles from here on, holding what starting PostgreSQL, NATS and storage left in its heap.
    startIdleMemoryReducer(process.env);
    console.log(`\nMarketplace is running at ${system.baseUrl}`);
    console.log(`Data is kept in ${dataDir} (delete it to start afresh). Press Ctrl+C to stop.\n`);
  }
} catch (error) {
  if (!stopping) {
    console.error(`\nThe marketplace did not start:\n${error instanceof Error ? error.message : String(error)}`);
    await shutdown('startup failed');
  }
}
