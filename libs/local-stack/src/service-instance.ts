import { sendSignal, terminate, type ExitInfo, type TrackedProcess } from './child-process.js';

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
