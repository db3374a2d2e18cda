import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type Infrastructure, startInfrastructure, startServices, type System } from '@marketplace/local-stack';

import { BENCH_LAYOUT } from './layout.js';
import { LIST_SYSTEM_ENV } from './list-my-jobs.js';
import { contextLines, measureAgentContext } from './mcp-context.js';

// `npm run bench:mcp-context`: what an agent pays in context (the tool list, typical results' text)
// alone, without bench:mcp's load rounds. Sizes, not timings: one run says it all.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(): Promise<number> {
  process.stdout.write(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}\n`);
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  try {
    infra = await startInfrastructure({ dataDir: await mkdtemp(join(tmpdir(), 'marketplace-bench-context-')), ephemeral: true, log: () => undefined });
    system = await startServices({ infra, rootDir, layout: BENCH_LAYOUT, env: { ...LIST_SYSTEM_ENV } });
    for (const line of contextLines(await measureAgentContext(infra, system.baseUrl))) process.stdout.write(`${line}\n`);
    return 0;
  } finally {
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

process.exitCode = await main();
