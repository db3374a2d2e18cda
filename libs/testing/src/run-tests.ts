import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { summarizeRun, summaryExitCode, summaryLine, type VitestJsonReport } from './test-summary.js';

/**
 * Runs every test project with Vitest and ends with the one line CI reads:
 * `N passed, N failed` (Vitest's own summary is not what CI parses).
 */
async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'marketplace-tests-'));
  const out = join(dir, 'results.json');
  const vitest = join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, MARKETPLACE_TEST_RESULTS_DIR: dir },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  let report: VitestJsonReport | undefined;
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as VitestJsonReport;
  } catch {
    report = undefined;
  }
  // Files that failed to start (or to finish) count as failed, so the line never reads better than the run.
  const summary = summarizeRun(report, code);
  for (const { file, message } of summary.brokenFiles) {
    process.stdout.write(`\nfailed outside its tests: ${file}\n  ${message.split('\n')[0]}`);
  }
  // The systems the end-to-end projects started log their warnings and errors there (tests/e2e/global-setup.ts).
  const logs = readdirSync(dir).filter((f) => f.startsWith('services-'));
  if (logs.length) process.stdout.write(`\nservices' warnings and errors: ${logs.map((f) => join(dir, f)).join(', ')}`);
  process.stdout.write(`\n${summaryLine(summary)}\n`);
  return summaryExitCode(summary);
}

process.exitCode = await main();
