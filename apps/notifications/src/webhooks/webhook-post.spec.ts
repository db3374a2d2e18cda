import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { postWebhook } from './webhook-targets.js';

const servers: Server[] = [];
const accepted = new Set<Socket>();
afterEach(async () => {
  // The agent keeps its connections a few seconds; the receivers here close theirs at once.
  for (const socket of accepted) socket.destroy();
  accepted.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((closed) => s.close(closed))));
});

async function listening<S extends Server>(server: S): Promise<{ server: S; url: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  server.on('connection', (socket: Socket) => accepted.add(socket));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

const post = (url: string) => postWebhook(url, { 'webhook-id': 'msg_1' }, '{"a":1}', 5_000);

describe('posting a webhook', () => {
  it('reuses one kept connection for the attempts that follow one another to an origin', async () => {
    const sockets = new Set<Socket>();
    const http = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    http.on('connection', (s: Socket) => sockets.add(s));
    const { url } = await listening(http);
    for (let i = 0; i < 3; i++) expect(await post(url)).toEqual({ statusCode: 204, error: null });
    expect(sockets.size).toBe(1);
  });

  it('a kept connection the receiver resets as it is reused is tried once more on a new one', async () => {
    let connections = 0;
    const tcp = createTcpServer((socket) => {
      const n = ++connections;
      let requests = 0;
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        if (!chunk.toString('latin1').startsWith('POST')) return;
        requests++;
        // The first connection answers once, then resets under the next request, as a server closing an idle connection does.
        if (n === 1 && requests === 2) return void socket.resetAndDestroy();
        socket.write('HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n');
      });
    });
    const { url } = await listening(tcp);
    expect(await post(url)).toEqual({ statusCode: 204, error: null });
    expect(await post(url)).toEqual({ statusCode: 204, error: null });
    expect(connections).toBe(2);
  });

  it('settles on the status line; a body that trickles is cut and its connection not reused', async () => {
    const closed: number[] = [];
    let connections = 0;
    const http = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-length': '1000000' });
        res.write('x');
      });
    });
    http.on('connection', (s: Socket) => {
      connections++;
      s.on('close', () => closed.push(Date.now()));
    });
    const { url } = await listening(http);
    const started = Date.now();
    expect(await post(url)).toEqual({ statusCode: 200, error: null });
    expect(Date.now() - started).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(closed).toHaveLength(1);
    expect(await post(url)).toEqual({ statusCode: 200, error: null });
    expect(connections).toBe(2);
  });
});
