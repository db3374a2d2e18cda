import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { startTcpBalancer, type TcpBalancer } from './tcp-balancer.js';

async function backend(name: string, ready: () => boolean): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/ready') return void res.writeHead(ready() ? 200 : 503).end();
    res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('startTcpBalancer', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('spreads connections over ready backends, skips one failing its check, and tries the next when one refuses', async () => {
    let bReady = true;
    const a = await backend('a', () => true);
    const b = await backend('b', () => bReady);
    closers.push(
      () => new Promise((resolve) => a.close(resolve)),
      () => new Promise((resolve) => b.close(resolve)),
    );
    const portOf = (s: Server) => (s.address() as AddressInfo).port;
    const backends = [a, b].map((s, i) => ({ name: i ? 'b' : 'a', host: '127.0.0.1', port: portOf(s), healthUrl: `http://127.0.0.1:${portOf(s)}/ready` }));
    // A third backend whose port nobody listens on: its connections are refused and go elsewhere.
    const dead = { name: 'dead', host: '127.0.0.1', port: 1, healthUrl: 'http://127.0.0.1:1/ready' };
    const lb: TcpBalancer = await startTcpBalancer({ host: '127.0.0.1', port: 0, backends: [...backends, dead], checkMs: 50 });
    closers.unshift(() => lb.close());
    const ask = async () => (await fetch(lb.url, { headers: { connection: 'close' } })).text();
    const answers = await Promise.all(Array.from({ length: 12 }, ask));
    expect(new Set(answers)).toEqual(new Set(['a', 'b']));
    bReady = false;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(new Set(await Promise.all(Array.from({ length: 6 }, ask)))).toEqual(new Set(['a']));
    expect(lb.healthy()).toEqual(['a']);
  });
});
