import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface JsonReport { numPassedTests: number; numFailedTests: number; numPendingTests: number; success: boolean }

/**
 * Runs every test project with Vitest and ends with the one line CI reads:
 * `N passed, N failed` (Vitest's own summary is not what CI parses).
 */
async function main(): Promise<number> {
  const out = join(mkdtempSync(join(tmpdir(), 'marketplace-tests-')), 'results.json');
  const vitest = join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [
      vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2),
    ], { stdio: 'inherit', env: process.env });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  let report: JsonReport | undefined;
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as JsonReport;
  } catch {
    report = undefined;
  }
  const passed = report?.numPassedTests ?? 0;
  // A run that crashed before reporting counts as one failure, so it can never read as green.
  const failed = report ? report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0) : 1;
  const skipped = report?.numPendingTests ?? 0;
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

process.exitCode = await main();
