import { type ServiceEnv, serviceEnv } from './service-scope.js';

/**
 * The one settings reader and its one rule: a variable that is unset or blank takes its default;
 * a variable that is set must be valid, or reading it throws a SettingError naming the variable,
 * its value and what it must be. Services read their settings at start (run-service reads the
 * kit's and each definition's `settings`), so a bad value stops the service at start instead of
 * being quietly replaced by a default.
 */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    value: string,
    expected: string,
  ) {
    super(`${variable}=${JSON.stringify(value)} is not valid: ${expected}`);
    this.name = 'SettingError';
  }
}

export interface Bounds {
  min?: number;
  max?: number;
}

/** Milliseconds in each unit a duration setting may carry. */
export const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function bounded(value: number, { min, max }: Bounds): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

function boundsText({ min, max }: Bounds): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

/** Typed reads of one service's settings (by default the service this code runs for). */
export class Settings {
  constructor(private readonly env: ServiceEnv = serviceEnv()) {}

  /** The trimmed value, or undefined when unset or blank. */
  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  string(name: string): string | undefined;
  string(name: string, fallback: string): string;
  string(name: string, fallback?: string): string | undefined {
    return this.raw(name) ?? fallback;
  }

  /** A whole number within bounds. */
  int(name: string, fallback: number, bounds?: Bounds): number;
  int(name: string, fallback: undefined, bounds?: Bounds): number | undefined;
  int(name: string, fallback: number | undefined, bounds: Bounds = {}): number | undefined {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(value) || !bounded(value, bounds)) {
      throw new SettingError(name, raw, `expected a whole number${boundsText(bounds)}`);
    }
    return value;
  }

  /** A number (fractions allowed) within bounds. */
  number(name: string, fallback: number, bounds: Bounds = {}): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || !bounded(value, bounds)) throw new SettingError(name, raw, `expected a number${boundsText(bounds)}`);
    return value;
  }

  /** true/false, 1/0, yes/no, on/off (any case). */
  bool(name: string, fallback: boolean): boolean {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const v = raw.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    throw new SettingError(name, raw, 'expected true or false (or 1/0, yes/no, on/off)');
  }

  /**
   * A duration in milliseconds: a bare number counts in `unit` (the variable's documented unit,
   * e.g. JOB_EXPIRY_SWEEP_MS in ms, FILES_SWEEP_SECONDS in s), or a number with its own unit
   * (250ms, 30s, 5m, 2h, 1d). Bounds are in milliseconds.
   */
  duration(name: string, fallbackMs: number, opts: Bounds & { unit?: 'ms' | 's' | 'm' | 'h' } = {}): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallbackMs;
    const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(raw);
    const ms = m ? Number(m[1]) * DURATION_UNITS[(m[2] ?? opts.unit ?? 'ms').toLowerCase()]! : NaN;
    if (!Number.isFinite(ms) || !bounded(ms, opts)) {
      throw new SettingError(name, raw, `expected a duration (a number of ${opts.unit ?? 'ms'}, or e.g. 30s, 5m)${boundsText(opts)} in ms`);
    }
    return Math.round(ms);
  }

  /** One of the given values. */
  oneOf<const T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    if (!(values as readonly string[]).includes(raw)) throw new SettingError(name, raw, `expected one of ${values.join(', ')}`);
    return raw as T;
  }

  /** An absolute URL, by default http: or https:. */
  url(name: string, opts?: { protocols?: readonly string[] }): URL | undefined;
  url(name: string, opts: { protocols?: readonly string[]; fallback: string }): URL;
  url(name: string, opts: { protocols?: readonly string[]; fallback?: string } = {}): URL | undefined {
    const raw = this.raw(name) ?? opts.fallback;
    if (raw === undefined) return undefined;
    const protocols = opts.protocols ?? ['http:', 'https:'];
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || !protocols.includes(url.protocol)) {
      throw new SettingError(name, raw, `expected a URL (${protocols.map((p) => `${p}//`).join(' or ')}…)`);
    }
    return url;
  }

  /** A comma-separated list, each item trimmed, blanks dropped; each checked by `check` when given. */
  list(name: string, check?: (item: string) => boolean, expected = 'an allowed item'): string[] {
    const raw = this.raw(name);
    if (raw === undefined) return [];
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = check ? items.find((i) => !check(i)) : undefined;
    if (bad !== undefined) throw new SettingError(name, raw, `${JSON.stringify(bad)} is not ${expected}`);
    return items;
  }
}

/** The settings of the service this code runs for, or of `env`. */
export function settingsOf(env: ServiceEnv = serviceEnv()): Settings {
  return new Settings(env);
}
