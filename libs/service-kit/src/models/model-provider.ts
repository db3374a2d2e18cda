import type { z } from 'zod';

import { backoffMs } from '../queues/backoff.js';
import { modelSettings } from '../scope/kit-settings.js';
import { serviceEnv } from '../scope/service-scope.js';

/** Tokens and estimated dollars of one or more model calls, for a resource's `costs`. */
export interface ModelUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  model: string;
}

/** A picture for a vision-capable model, with the words that go right before it (a time, what was read on it). */
export interface ChatImage {
  data: Buffer;
  mediaType: 'image/jpeg' | 'image/png';
  caption: string;
}

export interface ChatJsonRequest<T> {
  system: string;
  user: string;
  /** Sent after `user` as image parts of the same message; the model must be vision-capable. */
  images?: ChatImage[];
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
  /** Speech to text (`/audio/transcriptions`); null when no transcription model is configured. */
  readonly transcriptionModel: string | null;
  transcribe(audio: AudioClip, signal?: AbortSignal): Promise<{ transcript: Transcript; usage: ModelUsage }>;
}

export interface AudioClip {
  data: Buffer;
  filename: string;
  mediaType: string;
  seconds: number;
}

/** What was said, whole and in timed segments (seconds from the start of the clip). */
export interface Transcript {
  text: string;
  segments: { start: number; end: number; text: string }[];
}

export interface ModelProviderConfig {
  /** Up to and including `/v1`, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  model: string;
  embeddingModel: string;
  /** Speech-to-text model (e.g. whisper-1); null turns transcription off. */
  transcriptionModel: string | null;
  /** Where `/audio/transcriptions` is served, when not at `baseUrl`. */
  transcriptionBaseUrl: string;
  /** Dollars per minute of audio transcribed; 0 when unknown. */
  usdPerAudioMinute: number;
  apiKey?: string;
  timeoutMs: number;
  /** Further attempts after a timeout, a network error, 429 or 5xx. */
  retries: number;
  /** Dollars per million prompt and completion tokens; 0 when unknown. */
  usdPerMillionPrompt: number;
  usdPerMillionCompletion: number;
}

export class ModelError extends Error {}

/**
 * MODEL_BASE_URL turns the model on (MODEL_NAME, MODEL_EMBEDDING_NAME, MODEL_API_KEY,
 * MODEL_TIMEOUT_MS, MODEL_RETRIES, MODEL_USD_PER_MILLION_PROMPT / _COMPLETION); without it the
 * callers use their deterministic fallbacks and say so. MODEL_TRANSCRIPTION_NAME turns speech to
 * text on (MODEL_TRANSCRIPTION_BASE_URL when another server answers it, MODEL_USD_PER_AUDIO_MINUTE).
 */
export function modelConfigFromEnv(env: NodeJS.ProcessEnv = serviceEnv()): ModelProviderConfig | null {
  const s = modelSettings.read(env);
  if (!s.baseUrl) return null;
  return {
    baseUrl: s.baseUrl.replace(/\/+$/, ''),
    model: s.name,
    embeddingModel: s.embeddingName,
    transcriptionModel: s.transcriptionName ?? null,
    transcriptionBaseUrl: (s.transcriptionBaseUrl ?? s.baseUrl).replace(/\/+$/, ''),
    usdPerAudioMinute: s.usdPerAudioMinute,
    ...(s.apiKey ? { apiKey: s.apiKey } : {}),
    timeoutMs: s.timeoutMs,
    retries: Math.floor(s.retries),
    usdPerMillionPrompt: s.usdPerMillionPrompt,
    usdPerMillionCompletion: s.usdPerMillionCompletion,
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
    calls: a.calls + b.calls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    usd: Math.round((a.usd + b.usd) * 1e6) / 1e6,
    model: b.model,
  };
}

/** Plain text, or text followed by each image with its caption, as OpenAI-compatible vision models take them. */
function userContent(req: ChatJsonRequest<unknown>): string | Record<string, unknown>[] {
  if (!req.images?.length) return req.user;
  return [
    { type: 'text', text: req.user },
    ...req.images.flatMap((img) => [
      { type: 'text', text: img.caption },
      { type: 'image_url', image_url: { url: `data:${img.mediaType};base64,${img.data.toString('base64')}`, detail: 'high' } },
    ]),
  ];
}

interface Retryable {
  retry: true;
  error: Error;
  afterMs?: number;
}

/** Between attempts when the provider names no wait (Retry-After): 250 ms, doubling, at most 10 s, which caps a named wait too. */
const RETRY_BACKOFF = { firstMs: 250, maxMs: 10_000 };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

export class OpenAiCompatibleProvider implements ModelProvider {
  constructor(private readonly config: ModelProviderConfig) {}

  get model(): string {
    return this.config.model;
  }

  get transcriptionModel(): string | null {
    return this.config.transcriptionModel;
  }

  async chatJson<T>(req: ChatJsonRequest<T>): Promise<{ data: T; usage: ModelUsage }> {
    let spent: ModelUsage | null = null;
    let lastProblem = '';
    // A model may answer with prose or a wrong shape; one more try with the same prompt usually fixes it.
    for (let attempt = 0; attempt < 2; attempt++) {
      const body = (await this.post(
        '/chat/completions',
        {
          model: this.config.model,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: req.system },
            { role: 'user', content: userContent(req) },
          ],
        },
        req.signal,
      )) as { choices?: { message?: { content?: string } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
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
    const body = (await this.post('/embeddings', { model: this.config.embeddingModel, input: texts }, signal)) as {
      data?: { embedding: number[]; index: number }[];
      usage?: { prompt_tokens?: number };
    };
    if (!Array.isArray(body.data) || body.data.length !== texts.length) throw new ModelError('the embedding model answered a different number of vectors');
    const vectors = [...body.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    return { vectors, usage: { ...this.usageOf(body.usage?.prompt_tokens, 0), model: this.config.embeddingModel } };
  }

  async transcribe(audio: AudioClip, signal?: AbortSignal): Promise<{ transcript: Transcript; usage: ModelUsage }> {
    const model = this.config.transcriptionModel;
    if (!model) throw new ModelError('no transcription model is configured');
    const form = () => {
      const f = new FormData();
      f.set('model', model);
      f.set('response_format', 'verbose_json');
      f.set('file', new Blob([new Uint8Array(audio.data)], { type: audio.mediaType }), audio.filename);
      return f;
    };
    const body = (await this.post('/audio/transcriptions', form, signal, this.config.transcriptionBaseUrl)) as {
      text?: unknown;
      segments?: { start?: unknown; end?: unknown; text?: unknown }[];
    };
    if (typeof body.text !== 'string') throw new ModelError('the transcription model did not answer with text');
    const segments = (Array.isArray(body.segments) ? body.segments : [])
      .filter((s) => typeof s.text === 'string' && typeof s.start === 'number')
      .map((s) => ({ start: s.start as number, end: typeof s.end === 'number' ? s.end : (s.start as number), text: (s.text as string).trim() }));
    const usd = (audio.seconds / 60) * this.config.usdPerAudioMinute;
    return {
      transcript: { text: body.text.trim(), segments },
      usage: { calls: 1, promptTokens: 0, completionTokens: 0, usd: Math.round(usd * 1e6) / 1e6, model },
    };
  }

  private usageOf(prompt: number | undefined, completion: number | undefined): ModelUsage {
    const promptTokens = Math.max(0, Math.floor(prompt ?? 0));
    const completionTokens = Math.max(0, Math.floor(completion ?? 0));
    const usd = (promptTokens * this.config.usdPerMillionPrompt + completionTokens * this.config.usdPerMillionCompletion) / 1e6;
    return { calls: 1, promptTokens, completionTokens, usd: Math.round(usd * 1e6) / 1e6, model: this.config.model };
  }

  /** One request with a timeout per attempt, retried with backoff on timeouts, network errors, 429 and 5xx. */
  private async post(path: string, payload: unknown, signal?: AbortSignal, baseUrl = this.config.baseUrl): Promise<unknown> {
    let last: Error = new ModelError('no attempt made');
    for (let attempt = 0; attempt <= this.config.retries; attempt++) {
      const outcome = await this.once(`${baseUrl}${path}`, payload, signal);
      if (!('retry' in outcome)) return outcome.body;
      last = outcome.error;
      if (attempt === this.config.retries || signal?.aborted) break;
      await sleep(Math.min(outcome.afterMs ?? backoffMs(RETRY_BACKOFF, attempt + 1), RETRY_BACKOFF.maxMs), signal);
    }
    throw last;
  }

  /** `payload` is JSON, or a function making a fresh multipart form for each attempt (a sent form is spent). */
  private async once(url: string, payload: unknown, signal?: AbortSignal): Promise<{ body: unknown } | Retryable> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const auth: Record<string, string> = this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {};
    const multipart = typeof payload === 'function' ? (payload as () => FormData)() : null;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: multipart ? auth : { 'content-type': 'application/json', ...auth },
        body: multipart ?? JSON.stringify(payload),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      const timedOut = timeout.aborted;
      return {
        retry: true,
        error: new ModelError(
          timedOut ? `the model did not answer within ${this.config.timeoutMs} ms` : `the model could not be reached (${(err as Error).message})`,
        ),
      };
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
