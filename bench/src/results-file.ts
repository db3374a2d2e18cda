import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { dirname } from 'node:path';

/**
 * Writes a benchmark's results file (bench/results/<name>.json): its name, when it finished and the
 * machine it ran on, then the benchmark's own fields (settings, figures) in the order given.
 */
export async function writeResults(file: string, benchmark: string, fields: Record<string, unknown>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const machine = { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version };
  await writeFile(file, `${JSON.stringify({ benchmark, finishedAt: new Date().toISOString(), machine, ...fields }, null, 2)}\n`);
}
