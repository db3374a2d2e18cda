import { DeferWork, type WorkContext } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import type { Claim, ClaimedDelivery } from './webhooks.queries.js';

const calls = vi.hoisted(() => ({
  claims: [] as unknown[],
  answers: [] as Claim[],
  posted: [] as string[],
  status: new Map<string, number>(),
  settled: [] as string[],
}));

vi.mock('./webhooks.queries.js', () => ({
  claimAttempt: async (_on: unknown, of: unknown) => {
    calls.claims.push(of);
    return calls.answers.shift() ?? { outcome: 'none' };
  },
  markDelivered: async (_on: unknown, id: string) => void calls.settled.push(`delivered ${id}`),
  markFailed: async (_on: unknown, id: string) => void calls.settled.push(`failed ${id}`),
  scheduleRetry: async (_on: unknown, id: string) => void calls.settled.push(`retry ${id}`),
  disableEndpoint: async () => undefined,
}));
vi.mock('./webhook-secrets.js', () => ({ openSecret: async () => `whsec_${Buffer.alloc(32, 1).toString('base64')}` }));
vi.mock('./webhook-targets.js', () => ({
  postWebhook: async (_url: string, headers: Record<string, string>) => {
    const id = headers['webhook-id']!;
    calls.posted.push(id);
    return { statusCode: calls.status.get(id) ?? 204, error: null };
  },
}));

const row = (id: string): ClaimedDelivery => ({
  id,
  endpoint_id: 'endpoint-1',
  body: '{}',
  attempts: 1,
  created_at: new Date(),
  url: 'http://127.0.0.1:9/hook',
  secret_sealed: 'sealed',
});
const claimed = (id: string, more = true): Claim => ({ outcome: 'claimed', delivery: row(id), more });
const ctx = (): WorkContext => ({ id: 'item', attempt: 1, signal: new AbortController().signal, heartbeat: () => undefined });
const worker = () => new WebhookDeliveryWorker({} as DataSource);

describe('the webhook delivery worker', () => {
  beforeEach(() => {
    calls.claims = [];
    calls.answers = [];
    calls.posted = [];
    calls.status.clear();
    calls.settled = [];
  });

  it("delivered, it takes its endpoint's next due deliveries at once, through the same claim, until there is none", async () => {
    calls.answers = [claimed('d1'), claimed('d2'), claimed('d3'), { outcome: 'none' }];
    await worker().run({ deliveryId: 'd1' }, ctx());
    expect(calls.claims).toEqual([{ delivery: 'd1' }, { endpoint: 'endpoint-1' }, { endpoint: 'endpoint-1' }, { endpoint: 'endpoint-1' }]);
    expect(calls.posted).toEqual(['d1', 'd2', 'd3']);
    expect(calls.settled).toEqual(['delivered d1', 'delivered d2', 'delivered d3']);
  });

  it('asks for no next delivery when its endpoint had none other due at the claim', async () => {
    calls.answers = [claimed('d1', false), claimed('d2')];
    await worker().run({ deliveryId: 'd1' }, ctx());
    expect(calls.claims).toEqual([{ delivery: 'd1' }]);
    calls.answers = [claimed('d1'), claimed('d2', false), claimed('d3')];
    calls.claims = [];
    await worker().run({ deliveryId: 'd1' }, ctx());
    expect(calls.claims).toEqual([{ delivery: 'd1' }, { endpoint: 'endpoint-1' }]);
  });

  it('stops taking more when the endpoint is at its cap, and when a taken delivery fails (its own item retries it)', async () => {
    calls.answers = [claimed('d1'), { outcome: 'busy' }];
    await worker().run({ deliveryId: 'd1' }, ctx());
    expect(calls.posted).toEqual(['d1']);

    calls.answers = [claimed('d1'), claimed('d2'), claimed('d3')];
    calls.posted = [];
    calls.settled = [];
    calls.status.set('d2', 500);
    await worker().run({ deliveryId: 'd1' }, ctx());
    expect(calls.posted).toEqual(['d1', 'd2']);
    expect(calls.settled).toEqual(['delivered d1', 'retry d2']);
  });

  it('hands its own item back: busy for a moment, not due until it is, failed until its retry', async () => {
    calls.answers = [{ outcome: 'busy' }];
    await expect(worker().run({ deliveryId: 'd1' }, ctx())).rejects.toBeInstanceOf(DeferWork);
    calls.answers = [{ outcome: 'later', waitMs: 5_000 }];
    await expect(worker().run({ deliveryId: 'd1' }, ctx())).rejects.toMatchObject({ delayMs: 5_000 });
    calls.answers = [claimed('d1'), claimed('d2')];
    calls.status.set('d1', 503);
    await expect(worker().run({ deliveryId: 'd1' }, ctx())).rejects.toBeInstanceOf(DeferWork);
    expect(calls.posted).toEqual(['d1']);
    calls.answers = [];
    await expect(worker().run({ deliveryId: 'd1' }, ctx())).resolves.toBeUndefined();
  });
});
