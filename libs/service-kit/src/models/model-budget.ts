import type { DataSource } from 'typeorm';

import { modelSettings } from '../scope/kit-settings.js';
import { currentScope, serviceEnv } from '../scope/service-scope.js';
import {
  type AudioClip,
  type ChatJsonRequest,
  ModelError,
  type ModelProvider,
  modelProviderFromEnv,
  type ModelUsage,
  type Transcript,
} from './model-provider.js';
import { addModelSpend, takeModelCall } from './models.queries.js';

/**
 * The operator's cap on what one service spends on models per UTC day, across its replicas:
 * MODEL_DAILY_USD_CAP (estimated dollars, from the configured per-token prices) and
 * MODEL_DAILY_CALLS_CAP (requests to the model). Unset means no cap; either may be set alone.
 */
export interface ModelBudget {
  usdPerDay: number | null;
  callsPerDay: number | null;
}

export const MODEL_BUDGET_SPENT = "the service's daily model budget is spent; try again after 00:00 UTC";

/** A call refused before it was made: nothing was sent to the model, and retrying today will not help. */
export class ModelBudgetSpent extends ModelError {
  constructor() {
    super(MODEL_BUDGET_SPENT);
  }
}

/** Reads the caps; a bad value stops the service with the variable's name. Null: no cap at all. */
export function modelBudgetFromEnv(env: NodeJS.ProcessEnv = serviceEnv()): ModelBudget | null {
  const { dailyUsdCap, dailyCallsCap } = modelSettings.read(env);
  const usdPerDay = dailyUsdCap ?? null;
  const callsPerDay = dailyCallsCap ?? null;
  return usdPerDay === null && callsPerDay === null ? null : { usdPerDay, callsPerDay };
}

/**
 * The service's model, within the operator's daily budget when one is set (the caps are read
 * even without a model, so a bad value is found on the first start). Without a cap it is the
 * plain provider: no table is touched. `ds` defaults to the service's own database.
 */
export function meteredModelProviderFromEnv(ds: DataSource | undefined = currentScope().database, env: NodeJS.ProcessEnv = serviceEnv()): ModelProvider | null {
  const budget = modelBudgetFromEnv(env);
  const model = modelProviderFromEnv(env);
  if (!model || !budget) return model;
  if (!ds) throw new Error("MODEL_DAILY_USD_CAP / MODEL_DAILY_CALLS_CAP need the service's database to count spending in");
  return new BudgetedModelProvider(model, budget, ds);
}

/**
 * Wraps a provider so that each call first takes one call from today's budget in `model_spend`
 * (each service's own table, created by its migration) and afterwards adds what the call
 * reported. The take is one conditional upsert whose row lock serialises replicas, so the calls
 * cap is exact; dollars are only known after an answer, so calls already under way when the
 * dollar cap is reached may pass it by their own cost. A call that fails still counts as taken:
 * the model may have been paid for an answer that did not validate.
 */
export class BudgetedModelProvider implements ModelProvider {
  constructor(
    private readonly inner: ModelProvider,
    private readonly budget: ModelBudget,
    private readonly ds: DataSource,
  ) {}

  get model(): string {
    return this.inner.model;
  }
  get transcriptionModel(): string | null {
    return this.inner.transcriptionModel;
  }

  chatJson<T>(req: ChatJsonRequest<T>): Promise<{ data: T; usage: ModelUsage }> {
    return this.spend(
      () => this.inner.chatJson(req),
      (r) => r.usage,
    );
  }

  embed(texts: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; usage: ModelUsage }> {
    return this.spend(
      () => this.inner.embed(texts, signal),
      (r) => r.usage,
    );
  }

  transcribe(audio: AudioClip, signal?: AbortSignal): Promise<{ transcript: Transcript; usage: ModelUsage }> {
    return this.spend(
      () => this.inner.transcribe(audio, signal),
      (r) => r.usage,
    );
  }

  private async spend<R>(call: () => Promise<R>, usageOf: (r: R) => ModelUsage): Promise<R> {
    const day = await this.take();
    const result = await call();
    const usage = usageOf(result);
    // One call was taken up front; a provider that asked again (an answer that did not parse) reports more.
    await addModelSpend(this.ds, day, Math.max(0, usage.calls - 1), usage.usd);
    return result;
  }

  /** Takes one call from today's budget, or refuses; answers the day it was taken from. */
  private async take(): Promise<string> {
    const day = await takeModelCall(this.ds, this.budget.callsPerDay, this.budget.usdPerDay);
    if (!day) throw new ModelBudgetSpent();
    return day;
  }
}
