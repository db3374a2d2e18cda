import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describeExit, forwardLines, terminate, terminateOnParentExit, track } from './child-process.js';
import { getFreePort } from './free-port.js';
import { readPidFile, stopLeftover } from './leftover-processes.js';
import { LineTail } from './line-tail.js';
import { findNatsServer, natsMissingMessage, thisHost } from './nats-binary.js';
import { acceptsConnections, poll } from './wait-for.js';

const READY_TIMEOUT_MS = 30_000;

export interface StartedNats {
  url: string;
  stop(): Promise<void>;
}

/**
 * A nats-server child with JetStream, its streams stored under storeDir. `config` (users,
 * permissions, message limit) is written beside the store and given to the server.
 */
export async function startNatsServer(opts: { storeDir: string; log: (line: string) => void; config?: string }): Promise<StartedNats> {
  const binary = await findNatsServer();
  if (!binary) throw new Error(natsMissingMessage(await thisHost()));
  await mkdir(opts.storeDir, { recursive: true });
  const pidFile = join(opts.storeDir, 'nats-server.pid');
  await clearLeftover(pidFile, opts.storeDir, opts.log);
  const configFile = join(opts.storeDir, 'nats-server.conf');
  if (opts.config) await writeFile(configFile, opts.config, { mode: 0o600 });

  const tail = new LineTail();
  // A free port can be taken by someone else before nats-server binds it.
  for (let attempt = 1; ; attempt++) {
    const port = await getFreePort();
    const proc = track(
      spawn(binary, [...(opts.config ? ['-c', configFile] : []), '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', opts.storeDir, '-P', pidFile], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: natsServerEnv(process.env),
      }),
    );
    terminateOnParentExit(proc, 'SIGTERM', 'bus');
    forwardLines(proc.child, (line) => {
      tail.push(line);
      opts.log(`nats: ${line}`);
    });

    const outcome = await poll(() => acceptsConnections('127.0.0.1', port), {
      timeoutMs: READY_TIMEOUT_MS,
      intervalMs: 100,
      stopIf: () => proc.hasExited(),
    });
    if (outcome === 'ready') {
      return { url: `nats://127.0.0.1:${port}`, stop: () => terminate(proc) };
    }
    await terminate(proc);
    if (outcome === 'stopped' && /address already in use/i.test(tail.format()) && attempt < 3) continue;
    const why = outcome === 'timeout' ? `did not accept connections within ${READY_TIMEOUT_MS / 1000} s` : describeExit(await proc.exit);
    throw new Error(`nats-server ${why} (port ${port}, store ${opts.storeDir}). Last output:\n${tail.format()}`);
  }
}

/**
 * A nats-server left running by a launcher that was killed would share the
 * JetStream store with the new one; stop it first. Only called while holding
 * the data-directory lock.
 */
async function clearLeftover(pidFile: string, storeDir: string, log: (line: string) => void): Promise<void> {
  const pid = await readPidFile(pidFile);
  if (pid === undefined) return;
  const outcome = await stopLeftover({ pid, marker: storeDir, signal: 'SIGTERM', what: 'nats-server', log: (line) => log(`nats: ${line}`) });
  if (outcome === 'unknown') log(`nats: could not tell whether pid ${pid} from ${pidFile} is a leftover nats-server`);
  await rm(pidFile, { force: true });
}

/**
 * The embedded server runs Go on one thread (GOMAXPROCS=1) unless the environment says otherwise.
 * On the machines it is meant for, a connection's reader and its flusher on two threads handed each
 * message across with a wake-up: under npm run bench's load it made 3.6 context switches and 7.5
 * system calls per request it carried, against 1.9 and 5.5 on one thread, and took 0.14 ms of CPU
 * per request against 0.10. Blocking disk writes (JetStream) still get a thread of their own.
 */
export function natsServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GOMAXPROCS: env.GOMAXPROCS || '1' };
}
