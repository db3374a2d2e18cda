import { spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { describeExit, forwardLines, sendSignal, terminate, terminateOnParentExit, track, type TrackedProcess } from '@marketplace/local-stack';

import type { ClusterHost } from './cluster-network.js';

export interface ProcessEvent {
  at: number;
  process: string;
  what: 'started' | 'exited' | 'restarting';
  detail?: string;
}

/**
 * A process on one host, kept running as Kubernetes keeps a pod's container: when it ends without
 * being asked to, it is started again after `restartDelayMs`. `stop` ends it for good (until `start`).
 */
export class ClusterProcess {
  private proc: TrackedProcess | undefined;
  private wanted = false;
  private readonly log: WriteStream;
  restarts = 0;

  constructor(
    readonly name: string,
    readonly host: ClusterHost,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    opts: { logFile: string; restartDelayMs: number; onEvent: (event: ProcessEvent) => void },
  ) {
    this.log = createWriteStream(opts.logFile, { flags: 'a' });
    this.restartDelayMs = opts.restartDelayMs;
    this.onEvent = opts.onEvent;
  }

  private readonly restartDelayMs: number;
  private readonly onEvent: (event: ProcessEvent) => void;

  get pid(): number | undefined {
    return this.proc && !this.proc.hasExited() ? this.proc.child.pid : undefined;
  }

  running(): boolean {
    return this.pid !== undefined;
  }

  start(): void {
    this.wanted = true;
    if (this.running()) return;
    // `ip netns exec` enters the host's namespace and then becomes the command: the pid is the command's.
    const child = spawn('ip', ['netns', 'exec', this.host.namespace, this.command, ...this.args], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const proc = track(child, { group: true });
    this.proc = proc;
    terminateOnParentExit(proc, 'SIGKILL');
    forwardLines(child, (line) => this.log.write(`${line}\n`));
    this.onEvent({ at: Date.now(), process: this.name, what: 'started' });
    void proc.exit.then(async (info) => {
      this.onEvent({ at: Date.now(), process: this.name, what: 'exited', detail: describeExit(info) });
      this.log.write(`--- ${describeExit(info)}\n`);
      if (!this.wanted || this.proc !== proc) return;
      await sleep(this.restartDelayMs);
      if (!this.wanted || this.proc !== proc) return;
      this.restarts++;
      this.onEvent({ at: Date.now(), process: this.name, what: 'restarting' });
      this.start();
    });
  }

  /** A crash: SIGKILL, no draining. The process is restarted after the delay, as a pod's container would be. */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    sendSignal(proc, 'SIGKILL');
    await proc.exit;
  }

  /** SIGKILL, and no restart until start(): a server that is down until someone brings it back. */
  async crash(): Promise<void> {
    this.wanted = false;
    await this.kill();
  }

  /** SIGTERM (SIGKILL after graceMs), and no restart until start(). */
  async stop(graceMs = 10_000): Promise<void> {
    this.wanted = false;
    if (this.proc) await terminate(this.proc, graceMs);
  }

  close(): void {
    this.log.end();
  }
}
