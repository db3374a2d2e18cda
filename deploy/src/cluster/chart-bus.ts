import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { BUS_PRINCIPALS } from '@marketplace/contracts';
import type { BusCredentials } from '@marketplace/service-kit/bus-credentials';
import { parse } from 'yaml';

const run = promisify(execFile);

export interface ChartBus {
  /** The Secret the chart's `bus.existingSecret` names: each service's nkey seed and the caller keys. */
  secret: Record<string, string>;
  /** auth.conf of the Secret `nats.auth.existingSecret` names: users (public keys) and permissions. */
  authConf: string;
  /** The same keys for the run's own bus clients (the operator principal creates members). */
  credentials: BusCredentials;
}

/**
 * The bus keys as docs/operators.md makes them for an install: `marketplace bus credentials`
 * prints a Secret and, commented out, the NATS server's authorization block.
 */
export async function chartBusKeys(rootDir: string, secretName: string): Promise<ChartBus> {
  const { stdout } = await run(
    process.execPath,
    [join(rootDir, 'deploy/dist/cli/marketplace.js'), 'bus', 'credentials', '--secret', secretName, '--namespace', 'marketplace'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const at = stdout.indexOf('# --- NATS server');
  if (at < 0) throw new Error('`marketplace bus credentials` printed no NATS server block');
  const manifest = parse(stdout.slice(0, at).replace(/^---\s*$/m, '')) as { stringData?: Record<string, string> };
  const secret = manifest.stringData ?? {};
  // As the docs' sed: the lines after the header, each without its leading "# ".
  const authConf = stdout
    .slice(at)
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^# ?/, ''))
    .join('\n');
  const seeds = Object.fromEntries(
    BUS_PRINCIPALS.map((p) => {
      const seed = secret[`NATS_NKEY_SEED_${p.toUpperCase()}`];
      if (!seed) throw new Error(`the bus Secret has no seed for ${p}`);
      return [p, seed];
    }),
  ) as BusCredentials['seeds'];
  return { secret, authConf, credentials: { seeds, callerSigningKey: secret.BUS_CALLER_SIGNING_KEY!, callerVerifyKey: secret.BUS_CALLER_VERIFY_KEY! } };
}
