/** The parts of Vitest's JSON report (`--reporter=json`) that the closing line is counted from. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  /** One entry per test file. */
  testResults?: VitestFileResult[];
}

export interface VitestFileResult {
  /** The file's path. */
  name: string;
  /** 'failed' when the file crashed (import error, failing hook, unfinished) or any test in it failed. */
  status: 'passed' | 'failed';
  /** The file's own first error, when it failed outside its tests ('' otherwise). */
  message?: string;
  assertionResults: { status: string; fullName?: string }[];
}

export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** Test files that failed without a failing test: they did not start or did not finish. */
  brokenFiles: { file: string; message: string }[];
}

const NOT_RUN = new Set(['skipped', 'pending', 'todo']);

/**
 * Counts a run for the closing line so that it never reads better than the run was:
 * - a test file that failed without any failing test (it failed to import, a `beforeAll` or
 *   `afterAll` threw, it never finished) counts as at least one failure, and the tests in it that
 *   did not run because of that count as failed, not skipped;
 * - a Vitest that exited non-zero with nothing counted as failed counts as one failure;
 * - no report at all (Vitest crashed before writing it) is one failure.
 */
export function summarizeRun(report: VitestJsonReport | undefined, vitestExitCode: number): TestSummary {
  if (!report) return { passed: 0, failed: 1, skipped: 0, brokenFiles: [] };
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const brokenFiles: TestSummary['brokenFiles'] = [];
  if (Array.isArray(report.testResults)) {
    for (const file of report.testResults) {
      const tests = file.assertionResults ?? [];
      const filePassed = tests.filter((t) => t.status === 'passed').length;
      const fileFailed = tests.filter((t) => t.status === 'failed').length;
      const fileSkipped = tests.filter((t) => t.status === 'skipped' || t.status === 'pending').length;
      passed += filePassed;
      if (file.status === 'failed' && fileFailed === 0) {
        // Nothing in the file failed as a test, yet the file failed: whatever did not run failed with it.
        const notRun = tests.filter((t) => NOT_RUN.has(t.status)).length;
        failed += Math.max(1, notRun);
        brokenFiles.push({ file: file.name, message: file.message || 'the file failed outside its tests (a hook or teardown threw, or it did not finish)' });
      } else {
        failed += fileFailed;
        skipped += fileSkipped;
      }
    }
  } else {
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    skipped = report.numPendingTests;
  }
  if (vitestExitCode !== 0 && failed === 0) failed = 1;
  return { passed, failed, skipped, brokenFiles };
}

/** The one line CI reads: `tests: N passed, N failed` (`, N skipped` when any were). */
export function summaryLine(summary: TestSummary): string {
  return `tests: ${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ''}`;
}

/** Green only when something passed and nothing failed. */
export function summaryExitCode(summary: TestSummary): number {
  return summary.failed === 0 && summary.passed > 0 ? 0 : 1;
}
