import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startInfrastructure, startServices } from '@marketplace/local-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    natsUrl: string;
    databaseUrl: string;
    controlUrl: string;
  }
}

/** Tests may tune limits; these values are what the suites below are written against. */
export const E2E_ENV = {
  BUS_TIMEOUT_MS: '2000',
  JOB_POSTS_PER_MINUTE: '1000',
  // The job board: sweep expired jobs and flush audience counts quickly so tests need not wait.
  JOB_EXPIRY_SWEEP_MS: '300',
  AUDIENCE_FLUSH_MS: '200',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};

/**
 * Boots the whole system once per run: infrastructure from the environment or the embedded
 * defaults (the same as `npm start`), every service as its own process, and the gateway.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const lines: string[] = [];
  const infra = await startInfrastructure({
    dataDir: mkdtempSync(join(tmpdir(), 'marketplace-e2e-')), ephemeral: true, log: (l) => lines.push(l),
  });
  const system = await startServices({
    infra, rootDir: process.cwd(), env: E2E_ENV,
    log: (app, line) => { if (process.env.E2E_VERBOSE || /"level":(50|60)/.test(line)) process.stdout.write(`[${app}] ${line}\n`); },
  }).catch(async (err) => { await infra.stop(); throw err; });

  // Lets a test stop and start one service process, for outage tests.
  const control = createServer((req, res) => {
    const m = /^\/(stop|start)\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return void res.writeHead(404).end();
    const action = m[1] === 'stop' ? system.stop(m[2]!) : system.start(m[2]!);
    action.then(() => res.writeHead(204).end(), (err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
  const address = control.address();
  const controlUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

  project.provide('baseUrl', system.baseUrl);
  project.provide('natsUrl', infra.natsUrl);
  project.provide('databaseUrl', infra.databaseUrl);
  project.provide('controlUrl', controlUrl);
  process.stdout.write(`e2e system up at ${system.baseUrl} in ${Date.now() - started} ms\n`);

  return async () => {
    control.close();
    await system.stopAll();
    await infra.stop();
  };
}
