import { connect, type NatsConnection } from '@nats-io/transport-node';

export function natsUrl(): string {
  return process.env.NATS_URL || 'nats://127.0.0.1:4222';
}

/** Reconnects forever: a NATS restart must not take a service down for good. */
export async function connectNats(name: string): Promise<NatsConnection> {
  return connect({
    servers: natsUrl().split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    pingInterval: 10_000,
    // Async stack traces cost two Error objects per request on the hot path; our errors carry requestIds instead.
    noAsyncTraces: true,
  });
}
