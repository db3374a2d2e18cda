import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');

/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in devDependencies) run
 * against the whole system. These are its server scenarios that apply to a server without its
 * own test tools; none needs a token (initialize, ping, tools/list and an unknown tool's error
 * are open on /api/mcp), and the suite has no option to send one.
 */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'tools-call-error', 'dns-rebinding-protection'];

const CLI = resolve('node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** The suite needs Node 24: this process's node when it is one, else the project's own. */
function node24(): string {
  if (Number(process.versions.node.split('.')[0]) >= 24) return process.execPath;
  const local = resolve('node_modules/.bin/node');
  if (existsSync(local)) return local;
  throw new Error(`The MCP conformance suite needs Node 24; this is ${process.version}.`);
}

interface Check { id: string; name: string; status: string; errorMessage?: string }

function runScenario(scenario: string, outputDir: string): Promise<{ code: number | null; output: string; checks: Check[] }> {
  return new Promise((done, fail) => {
    const child = spawn(node24(), [CLI, 'server', '--url', `${base}/api/mcp`, '--scenario', scenario, '--output-dir', outputDir], {
      stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => { output += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { output += c.toString(); });
    const timer = setTimeout(() => child.kill(), 50_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      // It saves each run's checks in <output-dir>/server-<scenario>-<time>/checks.json.
      const runs = existsSync(outputDir) ? readdirSync(outputDir).filter((d) => d.startsWith(`server-${scenario}-`)) : [];
      const file = runs.length === 1 ? join(outputDir, runs[0]!, 'checks.json') : undefined;
      done({ code, output, checks: file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Check[] : [] });
    });
  });
}

describe('MCP conformance suite (server scenarios) against /api/mcp', () => {
  const outputDir = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

  it.each(SCENARIOS)('%s passes', async (scenario) => {
    const { code, output, checks } = await runScenario(scenario, outputDir);
    const said = `${scenario}:\n${output}`;
    expect(code, said).toBe(0);
    expect(checks.length, said).toBeGreaterThan(0);
    // Warnings count as failures here too: every check must succeed.
    expect(checks.filter((c) => c.status !== 'SUCCESS').map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? ''}`), said).toEqual([]);
    expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed, 0 warnings/);
  });
});
