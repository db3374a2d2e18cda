import 'reflect-metadata';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ModelSpend1795708602255 } from '../database/kit-model-spend.migration.js';
import {
  BudgetedModelProvider,
  meteredModelProviderFromEnv,
  MODEL_BUDGET_SPENT,
  type ModelBudget,
  modelBudgetFromEnv,
  ModelBudgetSpent,
} from './model-budget.js';
import { ModelError, type ModelProvider, type ModelUsage, OpenAiCompatibleProvider } from './model-provider.js';

/** Against a real PostgreSQL (DATABASE_URL, else the unit project's embedded one): the budget is only as good as its upsert and row lock. */
let db: ServiceSchema;
let ds: DataSource;
let replica: DataSource;

beforeAll(async () => {
  // The table by the kit migration that the drafts and jobs services list.
  db = await openServiceSchema({ entities: [], migrations: [ModelSpend1795708602255], label: 'model_budget_spec' });
  ds = db.ds;
  replica = await db.otherReplica();
}, 60_000);

afterAll(async () => {
  await db?.drop();
}, 60_000);

beforeEach(async () => {
  await ds.query('DELETE FROM model_spend');
});

/** Stands in for the model: answers with a fixed usage, or fails, and counts what reached it. */
class ScriptedModel implements ModelProvider {
  readonly model = 'scripted';
  readonly transcriptionModel = null;
  reached = 0;
  constructor(
    private readonly usage: Partial<ModelUsage> = {},
    private readonly fail = false,
  ) {}

  private answer(): ModelUsage {
    this.reached += 1;
    if (this.fail) throw new ModelError('the model answered 500');
    return { calls: 1, promptTokens: 10, completionTokens: 5, usd: 0, model: this.model, ...this.usage };
  }
  async chatJson<T>(): Promise<{ data: T; usage: ModelUsage }> {
    return { data: { ok: true } as T, usage: this.answer() };
  }
  async embed(texts: string[]): Promise<{ vectors: number[][]; usage: ModelUsage }> {
    return { vectors: texts.map(() => [1]), usage: this.answer() };
  }
  async transcribe(): Promise<{ transcript: { text: string; segments: [] }; usage: ModelUsage }> {
    return { transcript: { text: '', segments: [] }, usage: this.answer() };
  }
}

const ask = (m: ModelProvider) => m.chatJson({ system: 's', user: 'u', schema: z.object({ ok: z.boolean() }) });
const budget = (b: Partial<ModelBudget>): ModelBudget => ({ usdPerDay: null, callsPerDay: null, ...b });
const spent = async () =>
  (await ds.query(`SELECT calls, usd FROM model_spend WHERE day = (statement_timestamp() AT TIME ZONE 'UTC')::date`)) as { calls: number; usd: number }[];

describe('reading the daily caps', () => {
  it('has no cap unless one is set, and takes either alone', () => {
    expect(modelBudgetFromEnv({})).toBeNull();
    expect(modelBudgetFromEnv({ MODEL_DAILY_USD_CAP: ' ' })).toBeNull();
    expect(modelBudgetFromEnv({ MODEL_DAILY_USD_CAP: '2.5' })).toEqual({ usdPerDay: 2.5, callsPerDay: null });
    expect(modelBudgetFromEnv({ MODEL_DAILY_CALLS_CAP: '500' })).toEqual({ usdPerDay: null, callsPerDay: 500 });
  });

  it('stops the service on a bad value, naming the variable', () => {
    expect(() => modelBudgetFromEnv({ MODEL_DAILY_USD_CAP: 'ten' })).toThrow(/^MODEL_DAILY_USD_CAP="ten" is not valid: expected a number/);
    expect(() => modelBudgetFromEnv({ MODEL_DAILY_USD_CAP: '0' })).toThrow(/MODEL_DAILY_USD_CAP/);
    expect(() => modelBudgetFromEnv({ MODEL_DAILY_CALLS_CAP: '2.5' })).toThrow(/^MODEL_DAILY_CALLS_CAP="2.5" is not valid: expected a whole number/);
    // Found on the first start even when no model is configured yet.
    expect(() => meteredModelProviderFromEnv(undefined, { MODEL_DAILY_CALLS_CAP: '-1' })).toThrow(/MODEL_DAILY_CALLS_CAP/);
  });

  it('meters only a configured model with a cap; otherwise the plain provider or none', () => {
    const model = { MODEL_BASE_URL: 'http://127.0.0.1:9/v1' };
    expect(meteredModelProviderFromEnv(ds, {})).toBeNull();
    expect(meteredModelProviderFromEnv(ds, { MODEL_DAILY_CALLS_CAP: '5' })).toBeNull();
    expect(meteredModelProviderFromEnv(ds, model)).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(meteredModelProviderFromEnv(ds, { ...model, MODEL_DAILY_CALLS_CAP: '5' })).toBeInstanceOf(BudgetedModelProvider);
    expect(() => meteredModelProviderFromEnv(undefined, { ...model, MODEL_DAILY_CALLS_CAP: '5' })).toThrow(/database/);
  });
});

describe('a model within the daily budget', () => {
  it('refuses the call after the calls cap without reaching the model, on every kind of call', async () => {
    const inner = new ScriptedModel();
    const model = new BudgetedModelProvider(inner, budget({ callsPerDay: 3 }), ds);
    await ask(model);
    await model.embed(['a']);
    await model.transcribe({ data: Buffer.alloc(0), filename: 'a.webm', mediaType: 'audio/webm', seconds: 1 });
    // One at a time: a second call started before the first is awaited could reject with no handler yet (an unhandled rejection).
    for (const call of [() => ask(model), () => model.embed(['b'])]) {
      const err = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ModelBudgetSpent);
      // A ModelError, so callers that fail closed on model errors do so here too.
      expect(err).toBeInstanceOf(ModelError);
      expect((err as Error).message).toBe(MODEL_BUDGET_SPENT);
    }
    expect(inner.reached).toBe(3);
    expect(await spent()).toEqual([{ calls: 3, usd: 0 }]);
  });

  it('adds up dollars after each answer and refuses once they reach the cap', async () => {
    const inner = new ScriptedModel({ usd: 0.6 });
    const model = new BudgetedModelProvider(inner, budget({ usdPerDay: 1 }), ds);
    await ask(model);
    await ask(model);
    await expect(ask(model)).rejects.toThrow(MODEL_BUDGET_SPENT);
    expect(inner.reached).toBe(2);
    expect(await spent()).toEqual([{ calls: 2, usd: 1.2 }]);
  });

  it('counts a failed call as taken, and every request of a call the provider had to repeat', async () => {
    const failing = new ScriptedModel({}, true);
    await expect(ask(new BudgetedModelProvider(failing, budget({ callsPerDay: 10 }), ds))).rejects.toThrow(/answered 500/);
    await ask(new BudgetedModelProvider(new ScriptedModel({ calls: 2 }), budget({ callsPerDay: 10 }), ds));
    expect(await spent()).toEqual([{ calls: 3, usd: 0 }]);
  });

  it('holds the calls cap exactly across replicas calling at once', async () => {
    const inner = new ScriptedModel();
    const cap = budget({ callsPerDay: 5 });
    const replicas = [new BudgetedModelProvider(inner, cap, ds), new BudgetedModelProvider(inner, cap, replica)];
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => ask(replicas[i % 2]!)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof ModelBudgetSpent)).toHaveLength(7);
    expect(inner.reached).toBe(5);
    expect(await spent()).toEqual([{ calls: 5, usd: 0 }]);
  });
});
