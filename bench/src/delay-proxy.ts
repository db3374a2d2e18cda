import { type AddressInfo, createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of one port that holds every piece of data for `oneWayMs` in each
 * direction, in order: a client behind it sees the round trip of a member's network (this kernel
 * has no netem to add one on loopback). Bandwidth is not limited, only latency added.
 */
export interface DelayProxy {
  url: string;
  close(): Promise<void>;
}

export async function startDelayProxy(target: URL, oneWayMs: number): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const delayed = (from: Socket, to: Socket) => {
    // One timer per piece keeps the order: every piece waits the same time from its arrival.
    from.on('data', (piece: Buffer) =>
      setTimeout(() => {
        if (!to.destroyed) to.write(piece);
      }, oneWayMs),
    );
    from.once('end', () => setTimeout(() => to.end(), oneWayMs));
    from.once('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    delayed(client, upstream);
    delayed(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
