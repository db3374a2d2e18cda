import { setTimeout as sleep } from 'node:timers/promises';

import { AppError, authenticateKey, type Caller } from '@marketplace/contracts';
import { testNatsUrl } from '@marketplace/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../logging/logger.js';
import { inServiceScope, serviceEnv } from '../scope/service-scope.js';
import { BusClient } from './bus-client.js';
import { BusServer } from './bus-server.js';
import type { CallerVerifier } from './caller-token.js';
import { connectNats } from './nats-connection.js';
import type { OperationHandler } from './operation-handler.js';

// A real NATS (the unit project's), without users: whatever reaches the server is delivered, so a
// request that went through NATS is told apart by the client connection's own message count.
const caller: Caller = {
  memberId: '00000000-0000-4000-8000-000000000001',
  via: 'key',
  scopes: ['agent:read', 'agent:write'],
  staff: false,
  emailVerified: true,
};
const connections: NatsConnection[] = [];
const servers: BusServer[] = [];
let url: string;

async function connectAs(principal: string): Promise<NatsConnection> {
  const nc = await connectNats(principal, { servers: url, env: {} });
  connections.push(nc);
  return nc;
}

/** Identity's authenticateKey answered in a scope of its own; `seen` holds the SERVICE_MARK each call ran under. */
async function startIdentity(opts: { delayMs?: number } = {}): Promise<{ server: BusServer; seen: (string | undefined)[] }> {
  const seen: (string | undefined)[] = [];
  const handler = {
    operation: authenticateKey,
    handle: async () => {
      seen.push(serviceEnv().SERVICE_MARK);
      if (opts.delayMs) await sleep(opts.delayMs);
      return caller;
    },
  } as unknown as OperationHandler;
  // Connected and listening inside the service's scope, as run-service does.
  const server = await inServiceScope({ SERVICE_MARK: 'identity' }, async () => {
    const nc = await connectAs('identity');
    const s = new BusServer(nc, 'identity', createLogger('test'), {} as CallerVerifier);
    s.listen([handler]);
    await nc.flush();
    return s;
  });
  servers.push(server);
  return { server, seen };
}

/** A client sending as `principal`, made in a scope of its own (so BUS_LOCAL_CALLS is read from `env`). */
async function clientAs(principal: string, env: Record<string, string> = {}, timeoutMs = 2000): Promise<{ bus: BusClient; nc: NatsConnection }> {
  const nc = await connectAs(principal);
  const bus = inServiceScope({ SERVICE_MARK: principal, ...env }, () => new BusClient(nc, timeoutMs));
  return { bus, nc };
}

const call = (bus: BusClient) => bus.call(authenticateKey, { key: 'tl_abc' }, { requestId: 'local-test', caller: null });

beforeAll(async () => {
  url = await testNatsUrl();
});

afterEach(async () => {
  for (const server of servers.splice(0)) await server.drain(0);
});

afterAll(async () => {
  for (const nc of connections) await nc.close();
});

describe('requests to a service in the same process', () => {
  it('are answered there, in the service’s own scope, without a message through NATS', async () => {
    const { seen } = await startIdentity();
    const { bus, nc } = await clientAs('gateway');
    const before = nc.stats().outMsgs;
    expect(await call(bus)).toEqual(caller);
    expect(await call(bus)).toEqual(caller);
    expect(nc.stats().outMsgs - before).toBe(0);
    expect(seen).toEqual(['identity', 'identity']);
  });

  it('go through NATS when the bus would refuse the sender, or BUS_LOCAL_CALLS is off', async () => {
    const { seen } = await startIdentity();
    // Only the gateway may send authenticateKey: the jobs service's request goes to NATS (which
    // refuses it where the bus has users; this one has none, so the server answers it there).
    const jobs = await clientAs('jobs');
    const before = jobs.nc.stats().outMsgs;
    expect(await call(jobs.bus)).toEqual(caller);
    expect(jobs.nc.stats().outMsgs - before).toBe(1);
    const off = await clientAs('gateway', { BUS_LOCAL_CALLS: 'false' });
    const offBefore = off.nc.stats().outMsgs;
    expect(await call(off.bus)).toEqual(caller);
    expect(off.nc.stats().outMsgs - offBefore).toBe(1);
    expect(seen).toEqual(['identity', 'identity']);
  });

  it('go through NATS once the service drains, and answer 503 when nobody else answers there', async () => {
    const { server } = await startIdentity();
    const { bus, nc } = await clientAs('gateway');
    expect(await call(bus)).toEqual(caller);
    await server.drain(0);
    const before = nc.stats().outMsgs;
    const refused = await call(bus).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).message).toMatch(/identity service is unavailable/);
    expect(nc.stats().outMsgs - before).toBe(1);
  });

  it('time out as they would over NATS: 503 after the wait, and the drain waits for the answer under way', async () => {
    const { server, seen } = await startIdentity({ delayMs: 400 });
    const { bus } = await clientAs('gateway', {}, 100);
    const started = Date.now();
    const late = await call(bus).catch((err: unknown) => err);
    expect((late as AppError).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(400);
    // The handler is still running: a drain waits for it as for a request that came through NATS.
    const drained = Date.now();
    await server.drain(2000);
    expect(Date.now() - drained).toBeGreaterThan(150);
    expect(seen).toEqual(['identity']);
  });
});
