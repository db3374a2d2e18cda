import { type ExitInfo, sendSignal, terminate, type TrackedProcess } from './child-process.js';

/** One run of a service, whether it has a process of its own or shares the one-process host. */
export interface ServiceInstance {
  /** Settles once, when the service has stopped, crashed or failed to start; never rejects. */
  exit: Promise<ExitInfo>;
  hasExited(): boolean;
  /** The process it runs in while it runs. */
  pid(): number | undefined;
  /** A graceful stop (SIGTERM for a process of its own), forced after graceMs. */
  stop(graceMs: number): Promise<void>;
  /** A crash: no draining, no cleanup. */
  kill(): Promise<void>;
}

/** A service that is its own process (the per-service layout). */
export function processInstance(proc: TrackedProcess): ServiceInstance {
  return {
    exit: proc.exit,
    hasExited: () => proc.hasExited(),
    pid: () => (proc.hasExited() ? undefined : proc.child.pid),
    stop: (graceMs) => terminate(proc, graceMs),
    kill: async () => {
      sendSignal(proc, 'SIGKILL');
      await proc.exit;
    },
  };
}

/** A service inside the one-process layout's host: it ends when stopped, when its start fails, or with the host's process. */
export function hostedInstance(opts: {
  key: string;
  started: Promise<{ ok: true } | { ok: false; error: string }>;
  stop: () => Promise<unknown>;
  pid: () => number | undefined;
  hostExit?: Promise<ExitInfo>;
}): ServiceInstance {
  let done = false;
  let finish!: (info: ExitInfo) => void;
  const exit = new Promise<ExitInfo>((resolve) => {
    finish = (info) => {
      if (done) return;
      done = true;
      resolve(info);
    };
  });
  void opts.hostExit?.then(finish);
  void opts.started.then((reply) => {
    if (!reply.ok) finish({ code: 1, signal: null, error: new Error(reply.error) });
  });
  return {
    exit,
    hasExited: () => done,
    pid: () => (done ? undefined : opts.pid()),
    stop: async () => {
      if (done) return;
      await opts.stop();
      finish({ code: 0, signal: null });
    },
    kill: async () => {
      throw new Error(
        `${opts.key} shares one process with the other services, so it cannot crash alone; start the system with MARKETPLACE_PROCESSES=per-service`,
      );
    },
  };
}
