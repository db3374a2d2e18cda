import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { describeExit, type ExitInfo, forwardLines, sendSignal, terminate, terminateOnParentExit, track, type TrackedProcess } from './child-process.js';
import type { HostReply, HostRequest } from './host-protocol.js';
import { LineTail } from './line-tail.js';
import { SERVICE_NODE_FLAGS, serviceProcessEnv } from './node-flags.js';
import type { ProcessRecord } from './process-record.js';
import { hostedInstance, type ServiceInstance } from './service-instance.js';

type Pending = (reply: HostReply) => void;
type Unsent = HostRequest extends infer R ? (R extends HostRequest ? Omit<R, 'id'> : never) : never;

// Every service's logger names it; lines without a name (a crash's stack trace) belong to the host.
const LOGGER_NAME = /"name":"([\w-]+)"/;

/**
 * The Node process of the one-process layout (service-host.js) seen from the launcher: it starts
 * and stops services inside it, each with its own settings, and reads their output.
 */
export class ServiceHostProcess {
  readonly tail = new LineTail(80);
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private constructor(private readonly proc: TrackedProcess) {}

  static async start(opts: {
    rootDir: string;
    env: Record<string, string>;
    log: (app: string, line: string) => void;
    apps: readonly string[];
    /** The services' dist/service.js files, in the order they will start: the host loads them ahead. */
    entries: readonly string[];
    /** Where the launcher records its apps' processes (process-record.ts). */
    record?: ProcessRecord;
  }): Promise<ServiceHostProcess> {
    const main = fileURLToPath(new URL('./service-host.js', import.meta.url));
    // Detached, as in the per-service layout: a Ctrl+C reaches the launcher, which stops the gateway first.
    const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, main, ...opts.entries], {
      cwd: opts.rootDir,
      env: serviceProcessEnv(opts.rootDir, opts.env),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    const proc = track(child, { group: true });
    terminateOnParentExit(proc);
    opts.record?.add(proc, "the services' process", main);
    const host = new ServiceHostProcess(proc);
    forwardLines(child, (line) => {
      host.tail.push(line);
      const name = LOGGER_NAME.exec(line)?.[1];
      opts.log(name && opts.apps.includes(name) ? name : 'services', line);
    });
    const ready = new Promise<void>((resolve) => host.pending.set(0, () => resolve()));
    child.on('message', (reply: HostReply) => {
      const waiting = host.pending.get(reply.id);
      host.pending.delete(reply.id);
      waiting?.(reply);
    });
    void proc.exit.then((info) => {
      for (const waiting of host.pending.values()) waiting({ id: -1, ok: false, error: `the services' process ${describeExit(info)}` });
      host.pending.clear();
    });
    await Promise.race([
      ready,
      proc.exit.then((info) => {
        throw new Error(`The services' process ${describeExit(info)}:\n${host.tail.format()}`);
      }),
    ]);
    return host;
  }

  pid(): number | undefined {
    return this.proc.hasExited() ? undefined : this.proc.child.pid;
  }

  hasExited(): boolean {
    return this.proc.hasExited();
  }

  /** Settles when the process has exited, whatever ended it. */
  get exit(): Promise<ExitInfo> {
    return this.proc.exit;
  }

  /** A crash of every service in it at once: no draining. */
  async kill(): Promise<void> {
    sendSignal(this.proc, 'SIGKILL');
    await this.proc.exit;
  }

  /** Stops every service (the host stops the gateway first) and the process. */
  stop(graceMs: number): Promise<void> {
    return terminate(this.proc, graceMs);
  }

  private request(message: Unsent): Promise<HostReply> {
    if (this.proc.hasExited()) return Promise.resolve({ id: -1, ok: false, error: "the services' process has exited" });
    const id = this.nextId++;
    return new Promise<HostReply>((resolve) => {
      this.pending.set(id, resolve);
      this.proc.child.send({ ...message, id } as HostRequest);
    });
  }

  run(key: string, entry: string, env: Record<string, string>): ServiceInstance {
    return hostedInstance({
      key,
      started: this.request({ op: 'start', key, entry, env }),
      stop: () => this.request({ op: 'stop', key }),
      pid: () => this.pid(),
      hostExit: this.proc.exit,
    });
  }
}
