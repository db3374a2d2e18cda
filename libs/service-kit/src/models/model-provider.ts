import { serviceEnv } from '../bootstrap/service-scope.js';
import type { z } from 'zod';

/** Tokens and estimated dollars of one or more model calls, for a resource's `costs`. */
export interface ModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  model: string;
}

export interface ChatJsonRequest<T> {
  system: string;
  user: string;
  /** The answer must parse as JSON and satisfy this; otherwise the call is retried, then fails. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * A language model behind an OpenAI-compatible API (OpenAI, vLLM, Ollama, LiteLLM, ...): chat
 * answered as a JSON object, and embeddings. Every answer carries its usage, so callers can keep
 * accounts per resource.
 */
export interface ModelProvider {
  readonly model: string;
  chatJson<T>(req: ChatJsonRequest<T>): Promise<{ data: T; usage: ModelUsage }>;
  embed(texts: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; usage: ModelUsage }>;
}

export interface ModelProviderConfig {
  /** Up to and including `/v1`, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model: string;
  embeddingModel: string;
  apiKey?: string;
  timeoutMs: number;
  /** Further attempts after a timeout, a network error, 429 or 5xx. */
  retries: number;
  /** Dollars per million prompt and completion tokens; 0 when unknown. */
  usdPerMillionPrompt: number;
  usdPerMillionCompletion: number;
}

export class ModelError extends Error {}

function numberFrom(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return value;
}

/**
 * MODEL_BASE_URL turns the model on (MODEL_NAME, MODEL_EMBEDDING_NAME, MODEL_API_KEY,
 * MODEL_TIMEOUT_MS, MODEL_RETRIES, MODEL_USD_PER_MILLION_PROMPT / _COMPLETION); without it the
 * callers use their deterministic fallbacks and say so.
 */
export function modelConfigFromEnv(env: NodeJS.ProcessEnv = serviceEnv()): ModelProviderConfig | null {
  const baseUrl = env.MODEL_BASE_URL?.trim();
  if (!baseUrl) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model: env.MODEL_NAME?.trim() || 'gpt-4o-mini',
    embeddingModel: env.MODEL_EMBEDDING_NAME?.trim() || 'text-embedding-3-small',
    ...(env.MODEL_API_KEY ? { apiKey: env.MODEL_API_KEY } : {}),
    timeoutMs: numberFrom(env.MODEL_TIMEOUT_MS, 60_000, 'MODEL_TIMEOUT_MS'),
    retries: Math.floor(numberFrom(env.MODEL_RETRIES, 2, 'MODEL_RETRIES')),
    usdPerMillionPrompt: numberFrom(env.MODEL_USD_PER_MILLION_PROMPT, 0, 'MODEL_USD_PER_MILLION_PROMPT'),
    usdPerMillionCompletion: numberFrom(env.MODEL_USD_PER_MILLION_COMPLETION, 0, 'MODEL_USD_PER_MILLION_COMPLETION'),
  };
}

export function modelProviderFromEnv(env: NodeJS.ProcessEnv = serviceEnv()): ModelProvider | null {
  const config = modelConfigFromEnv(env);
  return config ? new OpenAiCompatibleProvider(config) : null;
}

/** Adds usages up; null stays null when nothing was spent. */
export function addUsage(a: ModelUsage | null, b: ModelUsage): ModelUsage {
  if (!a) return b;
  return {
    calls: a.calls + b.calls, promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens,
    usd: Math.round((a.usd + b.usd) * 1e6) / 1e6, model: b.model,
  };
}

interface Retryable { retry: true; error: Error; afterMs?: number }

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const t = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason as Error); }, { once: true });
});

export class OpenAiCompatibleProvider implements ModelProvider {
  constructor(private readonly config: ModelProviderConfig) {}

  get model(): string { return this.config.model; }

  async chatJson<T>(req: ChatJsonRequest<T>): Promise<{ data: T; usage: ModelUsage }> {
    let spent: ModelUsage | null = null;
    let lastProblem = '';
    // A model may answer with prose or a wrong shape; one more try with the same prompt usually fixes it.
    for (let attempt = 0; attempt < 2; attempt++) {
      const body = await this.post('/chat/completions', {
        model: this.config.model,
        response_format: { type: 'json_object' },
        messages: [{ role: 'system', content: req.system }, { role: 'user', content: req.user }],
      }, req.signal) as { choices?: { message?: { content?: string } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
      spent = addUsage(spent, this.usageOf(body.usage?.prompt_tokens, body.usage?.completion_tokens));
      const content = body.choices?.[0]?.message?.content ?? '';
      let parsed: unknown;
      try {
        parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
      } catch {
        lastProblem = 'the model did not answer with JSON';
        continue;
      }
      const checked = req.schema.safeParse(parsed);
      if (checked.success) return { data: checked.data, usage: spent };
      lastProblem = `the model's JSON did not have the expected shape (${checked.error.issues[0]?.message ?? 'invalid'})`;
    }
    throw new ModelError(lastProblem);
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; usage: ModelUsage }> {
    const body = await this.post('/embeddings', { model: this.config.embeddingModel, input: texts }, signal) as {
      data?: { embedding: number[]; index: number }[]; usage?: { prompt_tokens?: number };
    };
    if (!Array.isArray(body.data) || body.data.length !== texts.length) throw new ModelError('the embedding model answered a different number of vectors');
    const vectors = [...body.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    return { vectors, usage: { ...this.usageOf(body.usage?.prompt_tokens, 0), model: this.config.embeddingModel } };
  }

  private usageOf(prompt: number | undefined, completion: number | undefined): ModelUsage {
    const promptTokens = Math.max(0, Math.floor(prompt ?? 0));
    const completionTokens = Math.max(0, Math.floor(completion ?? 0));
    const usd = (promptTokens * this.config.usdPerMillionPrompt + completionTokens * this.config.usdPerMillionCompletion) / 1e6;
    return { calls: 1, promptTokens, completionTokens, usd: Math.round(usd * 1e6) / 1e6, model: this.config.model };
  }

  /** One request with a timeout per attempt, retried with backoff on timeouts, network errors, 429 and 5xx. */
  private async post(path: string, payload: unknown, signal?: AbortSignal): Promise<unknown> {
    let last: Error = new ModelError('no attempt made');
    for (let attempt = 0; attempt <= this.config.retries; attempt++) {
      const outcome = await this.once(path, payload, signal);
      if (!('retry' in outcome)) return outcome.body;
      last = outcome.error;
      if (attempt === this.config.retries || signal?.aborted) break;
      await sleep(Math.min(outcome.afterMs ?? 250 * 2 ** attempt, 10_000), signal);
    }
    throw last;
  }

  private async once(path: string, payload: unknown, signal?: AbortSignal): Promise<{ body: unknown } | Retryable> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}) },
        body: JSON.stringify(payload),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const timedOut = timeout.aborted;
      return { retry: true, error: new ModelError(timedOut ? `the model did not answer within ${this.config.timeoutMs} ms` : `the model could not be reached (${(err as Error).message})`) };
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      const retryAfter = Number(res.headers.get('retry-after'));
      return { retry: true, error: new ModelError(`the model answered ${res.status}`), ...(retryAfter > 0 ? { afterMs: retryAfter * 1000 } : {}) };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ModelError(`the model refused the request (${res.status})`);
    }
    try {
      return { body: await res.json() };
    } catch {
      return { retry: true, error: new ModelError('the model answered something that is not JSON') };
    }
  }
}
