import { backoffMs, serviceEnv } from '@marketplace/service-kit';

export interface WebhookSettings {
  /** First retry delay, doubled per attempt up to maxDelayMs. */
  retryBaseMs: number;
  maxDelayMs: number;
  /** A delivery still failing this long after it was made is given up and its endpoint disabled. */
  giveUpMs: number;
  /** http to loopback hosts is taken (never in production): npm start and the e2e tests run a local receiver. */
  loopbackHttp: boolean;
  /** Key that seals the signing secrets (32 bytes, base64); when unset, one kept in the notifications schema. */
  sealKey?: string;
}

function positive(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${key} must be a positive number, not "${raw}"`);
  return value;
}

export function webhookSettings(env: NodeJS.ProcessEnv = serviceEnv()): WebhookSettings {
  return {
    retryBaseMs: positive(env, 'WEBHOOK_RETRY_BASE_MS', 30_000),
    maxDelayMs: positive(env, 'WEBHOOK_RETRY_MAX_MS', 4 * 3_600_000),
    giveUpMs: positive(env, 'WEBHOOK_GIVE_UP_HOURS', 72) * 3_600_000,
    loopbackHttp: env.NODE_ENV !== 'production',
    sealKey: env.WEBHOOK_SECRET_KEY?.trim() || undefined,
  };
}

/** Delay before attempt `attempts + 1`: exponential from retryBaseMs, capped at maxDelayMs. */
export function webhookRetryDelayMs(s: WebhookSettings, attempts: number): number {
  return backoffMs({ firstMs: s.retryBaseMs, maxMs: s.maxDelayMs }, attempts);
}
