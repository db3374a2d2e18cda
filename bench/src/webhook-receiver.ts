import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver saw it: when it arrived, and its latency from the event time the body carries. */
export interface Arrival {
  eventId: string | undefined;
  arrivedAt: number;
  latencyMs: number;
  measured: boolean;
}

/**
 * A webhook receiver on 127.0.0.1 answering 204 at once: each delivery's arrival against the
 * event time it carries (the body's timestamp is the event's occurredAt). Pings are left out.
 */
export async function startReceiver() {
  const arrivals: Arrival[] = [];
  let measuring = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      res.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; timestamp: string; data?: { eventId?: string } };
      if (body.type === 'webhook.ping') return;
      arrivals.push({ eventId: body.data?.eventId, arrivedAt: now, latencyMs: now - Date.parse(body.timestamp), measured: measuring });
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    measure(on: boolean) {
      measuring = on;
    },
    stop: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
