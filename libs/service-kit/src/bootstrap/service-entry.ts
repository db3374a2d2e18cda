import type { Server } from 'node:http';

import type { LogOutput, ServiceEnv } from '../scope/service-scope.js';
import { startIdleMemoryReducer } from './idle-memory.js';

/** A service started in this process; stop() drains it and closes what it opened, leaving the process running. */
export interface RunningService {
  stop(): Promise<void>;
}

/** Something a process can run: a backend service (serviceEntry) or the gateway. */
export interface ServiceEntry {
  name: string;
  /** `output` takes its log lines instead of stdout. */
  start(env: ServiceEnv, output?: LogOutput): Promise<RunningService>;
}

/**
 * Runs one service as the whole process (a container, a per-service launch): process.env as it is at
 * start is its settings (a copy, so its declared settings are read once and kept).
 */
export async function runStandalone(entry: ServiceEntry): Promise<void> {
  const running = await entry.start({ ...process.env });
  startIdleMemoryReducer(process.env);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

/** Closes a health server (or any HTTP server) and the idle keep-alive connections it holds. */
export async function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
