import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

import { httpStatus } from '@marketplace/local-stack';

export interface Backend {
  name: string;
  host: string;
  port: number;
  /** GET this answering 200 means the backend takes traffic. */
  healthUrl: string;
}

export interface TcpBalancer {
  url: string;
  healthy(): string[];
  close(): Promise<void>;
}

/**
 * A TCP load balancer in front of the gateways, as a cloud load balancer or a Kubernetes Service
 * would be: round robin over the backends whose readiness check passed last time (checked every
 * `checkMs`), and a connection refused by one backend is tried on the next before the client sees
 * anything. It forwards bytes only, so HTTP keep-alive, uploads and streams pass untouched.
 */
export async function startTcpBalancer(opts: { host: string; port: number; backends: Backend[]; checkMs?: number }): Promise<TcpBalancer> {
  const up = new Map(opts.backends.map((b) => [b.name, true]));
  let next = 0;
  const sockets = new Set<Socket>();
  const check = async () => {
    await Promise.all(
      opts.backends.map(async (b) => {
        up.set(b.name, (await httpStatus(b.healthUrl, 1000)) === 200);
      }),
    );
  };
  await check();
  const timer = setInterval(() => void check(), opts.checkMs ?? 500);

  const pick = (tried: Set<string>): Backend | undefined => {
    const healthy = opts.backends.filter((b) => up.get(b.name) && !tried.has(b.name));
    const pool = healthy.length > 0 ? healthy : opts.backends.filter((b) => !tried.has(b.name));
    if (pool.length === 0) return undefined;
    return pool[next++ % pool.length];
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const tried = new Set<string>();
    const attempt = () => {
      const backend = pick(tried);
      if (!backend) return void client.destroy();
      tried.add(backend.name);
      const upstream = connect({ host: backend.host, port: backend.port });
      sockets.add(upstream);
      upstream.setTimeout(2000, () => upstream.destroy(new Error('connect timeout')));
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        upstream.setTimeout(0);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('close', () => {
        sockets.delete(upstream);
        if (connected) client.destroy();
      });
      upstream.on('error', () => {
        if (connected) return client.destroy();
        up.set(backend.name, false);
        attempt();
      });
      client.once('close', () => upstream.destroy());
    };
    attempt();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${opts.host}:${port}`,
    healthy: () => opts.backends.filter((b) => up.get(b.name)).map((b) => b.name),
    close: async () => {
      clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
