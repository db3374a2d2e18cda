import { type ServiceEnv, serviceEnv } from './service-scope.js';
import { type Bounds, DURATION_UNITS, Settings } from './settings.js';

/**
 * Each deployment variable is declared once, by the code that reads it: its name, type, default,
 * bounds, whether it is a secret, who reads it and what it does. The declaration is both the reader
 * (through the one `Settings` rule: unset or blank → default, set but invalid → SettingError) and
 * the row of the operators' table (docs/operators.md), so the two cannot drift apart.
 */
export type SettingType = 'int' | 'number' | 'bool' | 'duration' | 'string' | 'url' | 'oneOf' | 'list';

export interface SettingInfo {
  /** One line for the operators' table. */
  description: string;
  /** Its value is never shown (table, logs): keys, tokens, passwords, URLs with credentials. */
  secret?: boolean;
  /** Who reads it, when not the whole group's readers (e.g. `worker`). */
  readBy?: string;
}

export interface SettingDeclaration<T> {
  readonly name: string;
  readonly type: SettingType;
  readonly description: string;
  readonly secret: boolean;
  readonly readBy: string | undefined;
  /** The default as the table shows it ('' when none). */
  readonly defaultText: string;
  /** The bounds or allowed values as the table shows them ('' when none). */
  readonly boundsText: string;
  read(settings: Settings): T;
}

function declared<T>(
  name: string,
  type: SettingType,
  info: SettingInfo,
  texts: { defaultText?: string; boundsText?: string },
  read: (settings: Settings) => T,
): SettingDeclaration<T> {
  return {
    name,
    type,
    description: info.description,
    secret: info.secret ?? false,
    readBy: info.readBy,
    defaultText: texts.defaultText ?? '',
    boundsText: texts.boundsText ?? '',
    read,
  };
}

function rangeText({ min, max }: Bounds, unit = ''): string {
  if (min === Number.MIN_VALUE) return max === undefined ? '> 0' : `> 0, ≤ ${max}${unit}`;
  if (min !== undefined && max !== undefined) return `${min}${unit}–${max}${unit}`;
  if (min !== undefined) return `≥ ${min}${unit}`;
  if (max !== undefined) return `≤ ${max}${unit}`;
  return '';
}

const text = (value: unknown): string => (value === undefined ? '' : String(value));

type Optional<D, T> = D extends undefined ? T | undefined : T;

/** The typed constructors, one per kind of value the `Settings` reader knows. */
export const setting = {
  /** A whole number within bounds. */
  int<D extends number | undefined = undefined>(name: string, opts: SettingInfo & Bounds & { default?: D }): SettingDeclaration<Optional<D, number>> {
    return declared(
      name,
      'int',
      opts,
      { defaultText: text(opts.default), boundsText: rangeText(opts) },
      (s) => s.int(name, opts.default as undefined, opts) as Optional<D, number>,
    );
  },
  /** A number, fractions allowed. */
  number<D extends number | undefined = undefined>(name: string, opts: SettingInfo & Bounds & { default?: D }): SettingDeclaration<Optional<D, number>> {
    return declared(
      name,
      'number',
      opts,
      { defaultText: text(opts.default), boundsText: rangeText(opts) },
      (s) => (s.raw(name) === undefined ? opts.default : s.number(name, 0, opts)) as Optional<D, number>,
    );
  },
  bool(name: string, opts: SettingInfo & { default: boolean }): SettingDeclaration<boolean> {
    return declared(name, 'bool', opts, { defaultText: text(opts.default) }, (s) => s.bool(name, opts.default));
  },
  /** Milliseconds: a bare number counts in `unit` (the variable's documented unit), or carries its own (30s, 5m). */
  duration(name: string, opts: SettingInfo & Bounds & { default: number; unit?: 'ms' | 's' | 'm' | 'h' }): SettingDeclaration<number> {
    const unit = opts.unit ?? 'ms';
    const inUnit = (ms: number | undefined) => (ms === undefined ? undefined : ms / DURATION_UNITS[unit]!);
    return declared(
      name,
      'duration',
      opts,
      {
        defaultText: `${inUnit(opts.default)}${unit}`,
        boundsText: rangeText({ min: inUnit(opts.min), max: inUnit(opts.max) }, unit),
      },
      (s) => s.duration(name, opts.default, opts),
    );
  },
  string<D extends string | undefined = undefined>(name: string, opts: SettingInfo & { default?: D }): SettingDeclaration<Optional<D, string>> {
    return declared(
      name,
      'string',
      opts,
      { defaultText: opts.secret ? '' : text(opts.default) },
      (s) => (s.string(name) ?? opts.default) as Optional<D, string>,
    );
  },
  /** An absolute URL, by default http: or https:. */
  url<D extends string | undefined = undefined>(
    name: string,
    opts: SettingInfo & { default?: D; protocols?: readonly string[] },
  ): SettingDeclaration<Optional<D, URL>> {
    const protocols = opts.protocols ?? ['http:', 'https:'];
    return declared(
      name,
      'url',
      opts,
      { defaultText: text(opts.default), boundsText: protocols.join(' ') },
      (s) => (opts.default === undefined ? s.url(name, { protocols }) : s.url(name, { protocols, fallback: opts.default })) as Optional<D, URL>,
    );
  },
  oneOf<const T extends string>(name: string, values: readonly T[], opts: SettingInfo & { default: T }): SettingDeclaration<T> {
    return declared(name, 'oneOf', opts, { defaultText: opts.default, boundsText: values.join(' ') }, (s) => s.oneOf(name, values, opts.default));
  },
  /** Comma-separated, each item trimmed, blanks dropped, each checked by `check` when given. */
  list(name: string, opts: SettingInfo & { check?: (item: string) => boolean; expected?: string }): SettingDeclaration<string[]> {
    return declared(name, 'list', opts, { boundsText: opts.check ? `each ${opts.expected ?? 'an allowed item'}` : '' }, (s) =>
      s.list(name, opts.check, opts.expected),
    );
  },
};

export type SettingValues<D extends Record<string, SettingDeclaration<unknown>>> = {
  readonly [K in keyof D]: D[K] extends SettingDeclaration<infer T> ? T : never;
};

/** One owner's settings: its declarations, and its values for the service this code runs for. */
export interface SettingsGroup<D extends Record<string, SettingDeclaration<unknown>>> {
  /** The values, read once per service (every one of them: a bad value throws at the first call). */
  (): SettingValues<D>;
  /** Who declares them (a service, or `kit` for what every service reads). */
  readonly owner: string;
  /** Who reads them, for the table (e.g. `every service`, `gateway`). */
  readonly readBy: string;
  readonly declarations: readonly SettingDeclaration<unknown>[];
  /** The values in the given settings (tools, tests, a config read from an env of its own), read once per settings object. */
  read(env: ServiceEnv): SettingValues<D>;
}

/**
 * Declares one owner's settings. The returned function reads all of them for the service it runs
 * for, once, so a service passes it to its definition's `settings` and run-service reads them at start.
 */
export function defineSettings<const D extends Record<string, SettingDeclaration<unknown>>>(owner: string, readBy: string, declarations: D): SettingsGroup<D> {
  // Read once per service's settings: each service in a shared process, and each restart with other
  // settings, gets its own. process.env itself (code outside any service: tests, tools) may change,
  // so it is read each time.
  const values = new WeakMap<ServiceEnv, SettingValues<D>>();
  const read = (env: ServiceEnv): SettingValues<D> => {
    let found = values.get(env);
    if (!found) {
      const settings = new Settings(env);
      found = Object.fromEntries(Object.entries(declarations).map(([key, d]) => [key, d.read(settings)])) as SettingValues<D>;
      if (env !== process.env) values.set(env, found);
    }
    return found;
  };
  return Object.assign(() => read(serviceEnv()), { owner, readBy, declarations: Object.values(declarations), read });
}

export type AnySettingsGroup = SettingsGroup<Record<string, SettingDeclaration<unknown>>>;
