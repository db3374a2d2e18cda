import { describe, expect, it } from 'vitest';

import { summarizeRun, summaryExitCode, summaryLine, type VitestFileResult, type VitestJsonReport } from './test-summary.js';

// Shapes as Vitest 5's JSON reporter writes them (read off a real run of such files).
const importError: VitestFileResult = {
  name: '/repo/tests/e2e/a.e2e.ts',
  status: 'failed',
  message: "Cannot find module './does-not-exist.js' imported from /repo/tests/e2e/a.e2e.ts",
  assertionResults: [],
};
const beforeAllThrew: VitestFileResult = {
  name: '/repo/tests/e2e/b.e2e.ts',
  status: 'failed',
  message: '',
  assertionResults: [
    { fullName: 'd one', status: 'skipped' },
    { fullName: 'd two', status: 'skipped' },
  ],
};
const afterAllThrew: VitestFileResult = {
  name: '/repo/tests/e2e/c.e2e.ts',
  status: 'failed',
  message: 'boom in afterAll',
  assertionResults: [{ status: 'passed' }],
};
const oneTestFailed: VitestFileResult = {
  name: '/repo/tests/e2e/d.e2e.ts',
  status: 'failed',
  message: '',
  assertionResults: [{ status: 'passed' }, { status: 'failed' }, { status: 'skipped' }],
};
const green: VitestFileResult = {
  name: '/repo/tests/e2e/e.e2e.ts',
  status: 'passed',
  message: '',
  assertionResults: [{ status: 'passed' }, { status: 'passed' }, { status: 'skipped' }, { status: 'todo' }],
};

/** A report whose totals are what Vitest itself counts (tests only, not files). */
function report(...files: VitestFileResult[]): VitestJsonReport {
  const all = files.flatMap((f) => f.assertionResults);
  return {
    numPassedTests: all.filter((t) => t.status === 'passed').length,
    numFailedTests: all.filter((t) => t.status === 'failed').length,
    numPendingTests: all.filter((t) => t.status === 'skipped' || t.status === 'pending').length,
    testResults: files,
  };
}

describe('summarizeRun', () => {
  it('a clean run reads as it was: passed, none failed, skipped apart (todo is not skipped)', () => {
    const s = summarizeRun(report(green), 0);
    expect(s).toEqual({ passed: 2, failed: 0, skipped: 1, brokenFiles: [] });
    expect(summaryLine(s)).toBe('tests: 2 passed, 0 failed, 1 skipped');
    expect(summaryExitCode(s)).toBe(0);
  });

  it('a file that failed to import counts as one failure, with its message', () => {
    const s = summarizeRun(report(green, importError), 1);
    expect(s.failed).toBe(1);
    expect(s.passed).toBe(2);
    expect(s.brokenFiles).toEqual([{ file: importError.name, message: importError.message }]);
    expect(summaryExitCode(s)).toBe(1);
  });

  it('the tests a failing beforeAll kept from running count as failed, not skipped', () => {
    const s = summarizeRun(report(green, beforeAllThrew), 1);
    expect(s).toMatchObject({ passed: 2, failed: 2, skipped: 1 });
    expect(s.brokenFiles.map((b) => b.file)).toEqual([beforeAllThrew.name]);
    expect(s.brokenFiles[0]?.message).toMatch(/outside its tests/);
  });

  it('a file whose tests passed but whose teardown threw counts as one failure', () => {
    const s = summarizeRun(report(afterAllThrew), 1);
    expect(s).toMatchObject({ passed: 1, failed: 1, skipped: 0 });
    expect(summaryLine(s)).toBe('tests: 1 passed, 1 failed');
  });

  it('a file with a failing test counts its failures and keeps its own skips as skips', () => {
    const s = summarizeRun(report(oneTestFailed), 1);
    expect(s).toEqual({ passed: 1, failed: 1, skipped: 1, brokenFiles: [] });
  });

  it('never reads better than Vitest counted it, and never green with a broken file', () => {
    const files = [green, importError, beforeAllThrew, afterAllThrew, oneTestFailed];
    const r = report(...files);
    const s = summarizeRun(r, 1);
    expect(s.passed).toBe(r.numPassedTests);
    expect(s.failed).toBeGreaterThanOrEqual(r.numFailedTests + 3);
    expect(s.failed).toBe(1 + 1 + 2 + 1);
    expect(s.skipped).toBe(2);
    expect(summaryExitCode(s)).toBe(1);
  });

  it('skips alone are not green when the file around them failed, even if Vitest exited 0', () => {
    const s = summarizeRun(report(beforeAllThrew), 0);
    expect(s).toMatchObject({ passed: 0, failed: 2, skipped: 0 });
    expect(summaryExitCode(s)).toBe(1);
  });

  it('a non-zero exit with nothing counted as failed is one failure', () => {
    const s = summarizeRun(report(green), 1);
    expect(s.failed).toBe(1);
    expect(summaryExitCode(s)).toBe(1);
  });

  it('no report at all is one failure', () => {
    const s = summarizeRun(undefined, 1);
    expect(summaryLine(s)).toBe('tests: 0 passed, 1 failed');
    expect(summaryExitCode(s)).toBe(1);
  });

  it('a report without per-file results falls back to its totals', () => {
    expect(summarizeRun({ numPassedTests: 4, numFailedTests: 0, numPendingTests: 2 }, 0)).toEqual({ passed: 4, failed: 0, skipped: 2, brokenFiles: [] });
  });

  it('no test run is not green', () => {
    expect(summaryExitCode(summarizeRun(report(), 0))).toBe(1);
  });
});
