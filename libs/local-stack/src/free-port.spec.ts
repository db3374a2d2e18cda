import { createServer, type Server } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { getFreePort, isPortFree } from './free-port.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      servers.push(server);
      resolve(server);
    });
  });
}

describe('getFreePort', () => {
  it('returns a port a server can bind', async () => {
    const port = await getFreePort();
    expect(port).toBeGreaterThan(0);
    await expect(listen(port)).resolves.toBeDefined();
  });

  it('never hands out the same port twice in one process', async () => {
    const ports = await Promise.all(Array.from({ length: 30 }, () => getFreePort()));
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe('isPortFree', () => {
  it('is false while something listens and true once it stops', async () => {
    const port = await getFreePort();
    const server = await listen(port);
    expect(await isPortFree(port)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
    servers.splice(servers.indexOf(server), 1);
    expect(await isPortFree(port)).toBe(true);
  });
});
