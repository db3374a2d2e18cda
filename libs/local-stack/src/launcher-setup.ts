import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { BusPrincipal } from '@marketplace/contracts';
import type { BusCredentials } from '@marketplace/service-kit/bus-credentials';

/** What the launcher takes from the operation catalogue and the kit's bus code. */
export interface LauncherSetup {
  /** This run's bus secrets, fresh per run. */
  credentials: BusCredentials;
  /** The embedded NATS server's users and their permissions. */
  natsConfig: string;
  /** The bus settings of each principal's processes (its own seed, its caller key). */
  busEnv: Record<BusPrincipal, Record<string, string>>;
}

/**
 * Computed in a short-lived child process: the catalogue and the bus client would otherwise stay
 * loaded in the launcher for as long as the system runs, about 40 MiB of a process whose only work
 * after start-up is to hold object storage and restart what crashes. The secrets travel over a pipe.
 */
export function prepareLauncherSetup(): Promise<LauncherSetup> {
  const script = fileURLToPath(new URL('./launcher-setup-child.js', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--max-semi-space-size=4', script], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`Preparing the bus settings failed: ${error.message}\n${stderr}`));
      resolve(JSON.parse(stdout) as LauncherSetup);
    });
  });
}
