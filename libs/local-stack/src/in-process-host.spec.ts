import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessServiceHost } from './in-process-host.js';

// A service entry as apps/<app>/dist/service.js exports it: it logs through the output it is given.
const ENTRY = `
export const service = {
  name: 'fake',
  async start(env, output) {
    if (env.FAIL) throw new Error('no database');
    output.write(JSON.stringify({ name: 'fake', msg: 'ready ' + env.GREETING }) + '\\n');
    return { stop: async () => output.write('{"msg":"stopped"}\\n') };
  },
};
`;

describe('InProcessServiceHost', () => {
  let dir: string;
  let entry: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'in-process-host-'));
    entry = join(dir, 'service.mjs');
    await writeFile(entry, ENTRY);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('starts a service with its own settings and labels its log lines with its name', async () => {
    const lines: string[] = [];
    const host = new InProcessServiceHost((app, line) => lines.push(`${app} ${line}`));
    const instance = host.run('jobs@1', entry, { GREETING: 'hello' });
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toBe('jobs {"name":"fake","msg":"ready hello"}');
    expect(instance.pid()).toBe(process.pid);
    await host.stop();
    expect(lines[1]).toBe('jobs {"msg":"stopped"}');
  });

  it('ends the instance, with the reason in its output, when the start fails', async () => {
    const host = new InProcessServiceHost(() => undefined);
    const instance = host.run('files@1', entry, { FAIL: '1' });
    const exit = await instance.exit;
    expect(exit.code).toBe(1);
    expect(instance.hasExited()).toBe(true);
    expect(host.tail.format()).toContain('files@1: Error: no database');
    await expect(instance.kill()).rejects.toThrow(/shares one process/);
  });
});
