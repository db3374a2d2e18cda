import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in devDependencies) run
 * against the whole system at both wires the endpoint serves. These are the server scenarios of
 * each revision's frozen requirement set that apply to a production server: the others call the
 * suite's own fixture tools (test_error_handling, test_logging_tool, prompts and resources it
 * defines), which a marketplace does not list. None needs a token (initialize, ping, discovery and
 * tools/list are open on /api/mcp), and the suite has no option to send one.
 */
/** Extension scenarios sit outside the revision timeline: the suite runs them when forced. */
const TASK_SCENARIOS = ['tasks-capability-negotiation', 'tasks-dispatch-and-envelope', 'tasks-request-headers'];

const SCENARIOS: ReadonlyArray<[revision: string, scenario: string]> = [
  ...['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'].map((s): [string, string] => ['2025-11-25', s]),
  ...['server-stateless', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection', 'caching', 'sep-2164-resource-not-found'].map(
    (s): [string, string] => ['2026-07-28', s],
  ),
  // The tasks extension: advertisement, gating (-32021), removed methods, unknown ids, headers.
  ...TASK_SCENARIOS.map((s): [string, string] => ['2026-07-28', s]),
];

/**
 * Checks that exercise only the suite's fixture tools: not applicable here, never hidden otherwise.
 * The tasks scenarios' fixtures (greet, slow_compute, failing_job, ...) run in memory on a timer;
 * this server's tasks are its drafts' own records, which the suite cannot start without a token.
 */
const FIXTURE_ONLY = new RegExp(
  [
    '^Not testable: server does not list the diagnostic tool ',
    '^Unknown tool (greet|slow_compute|failing_job|protocol_error_job|confirm_delete|multi_input|test_tool_with_task): ',
    '^Not testable: no task was created by the preceding step',
    '^routing-task fixture from Check 2 unavailable',
  ].join('|'),
);

const CLI = resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** The suite needs Node 24: this process's node when it is one, else the project's own. */
function node24(): string {
  if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
  const local = resolve('node_modules/.bin/node');
  if (existsSync(local)) return local;
  throw new Error(`The MCP conformance suite needs Node 24; this is ${process.version}.`);
}

interface Check {
  id: string;
  name: string;
  status: string;
  errorMessage?: string;
}

function runScenario(revision: string, scenario: string, outputDir: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  const dir = join(outputDir, revision);
  return new Promise((done, fail) => {
    const child = spawn(
      node24(),
      [
        CLI,
        'server',
        '--url',
        `${base}/api/mcp`,
        '--scenario',
        scenario,
        '--spec-version',
        revision,
        ...(TASK_SCENARIOS.includes(scenario) ? ['--force'] : []),
        '--output-dir',
        dir,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    const timer = setTimeout(() => child.kill(), 50_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      // It saves each run's checks in <output-dir>/server-<scenario>-<time>/checks.json.
      const runs = existsSync(dir) ? readdirSync(dir).filter((d) => d.startsWith(`server-${scenario}-`)) : [];
      const file = runs.length === 1 ? join(dir, runs[0]!, 'checks.json') : undefined;
      done({ code, output, checks: file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Check[]) : [] });
    });
  });
}

describe('MCP conformance suite (server scenarios) against /api/mcp', () => {
  const outputDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

  it.each(SCENARIOS)('%s %s passes', async (revision, scenario) => {
    const { output, checks } = await runScenario(revision, scenario, outputDir);
    const said = `${revision} ${scenario}:\n${output}`;
    // INFO records a choice the revision leaves open (JSON rather than an event stream, a session id's form).
    const applicable = checks.filter((c) => !['SKIPPED', 'INFO'].includes(c.status) && !FIXTURE_ONLY.test(c.errorMessage ?? ''));
    expect(applicable.length, said).toBeGreaterThan(0);
    // Warnings count as failures here too: every check that applies must succeed.
    expect(
      applicable.filter((c) => c.status !== 'SUCCESS').map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? ''}`),
      said,
    ).toEqual([]);
  });
});
