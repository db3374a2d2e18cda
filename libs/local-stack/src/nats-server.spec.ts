import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { readPidFile } from './leftover-processes.js';
import { natsServerEnv, startNatsServer } from './nats-server.js';

describe('embedded nats-server', () => {
  it('runs Go on one thread unless the environment chooses', () => {
    expect(natsServerEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', GOMAXPROCS: '1' });
    expect(natsServerEnv({ GOMAXPROCS: '4' }).GOMAXPROCS).toBe('4');
  });

  it.runIf(process.platform === 'linux')('starts the server with that environment', async () => {
    const storeDir = await mkdtemp(join(tmpdir(), 'nats-env-'));
    const nats = await startNatsServer({ storeDir, log: () => undefined });
    try {
      const pid = await readPidFile(join(storeDir, 'nats-server.pid'));
      expect(pid).toBeDefined();
      const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      expect(environ).toContain(`GOMAXPROCS=${process.env.GOMAXPROCS || '1'}`);
    } finally {
      await nats.stop();
      await rm(storeDir, { recursive: true, force: true });
    }
  });
});
