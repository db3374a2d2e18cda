import { AsyncLocalStorage } from 'node:async_hooks';

import { register, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

import type { OtlpExporter } from '../tracing/otlp-exporter.js';

/** A service's settings: what the process environment is when the service runs alone. */
export type ServiceEnv = Readonly<Record<string, string | undefined>>;

/**
 * What belongs to one running service rather than to the Node process: its settings (bus keys,
 * ports, role, tunables) and its metrics. Several services may share one process (npm start's
 * one-process layout); each runs inside its own scope, so the kit's and the apps' code reads
 * the settings of the service it is working for.
 */
export interface ServiceScope {
  readonly env: ServiceEnv;
  readonly metrics: Registry;
  /** Where its spans go, once tracing is configured (none: spans cost nothing). */
  traces?: OtlpExporter | undefined;
  /** Its own database, once opened: for what is built outside Nest's injection (a model's daily budget). */
  database?: DataSource | undefined;
  /** Where its log lines go when not to the process's stdout (a host that labels each service's output). */
  readonly output?: LogOutput | undefined;
}

/** Takes whole JSON log lines, each ending in a newline. */
export interface LogOutput {
  write(lines: string): void;
}

const scopes = new AsyncLocalStorage<ServiceScope>();

// Alone in its process (unit tests, tools) code sees the process's own environment and registry.
const processScope: ServiceScope = { env: process.env, metrics: register };

/** Runs `fn` (and everything it starts: connections, timers, servers) as the service with `env`. */
export function inServiceScope<T>(env: ServiceEnv, fn: () => T, output?: LogOutput): T {
  return scopes.run({ env, metrics: new Registry(), output }, fn);
}

export function currentScope(): ServiceScope {
  return scopes.getStore() ?? processScope;
}

/** The settings of the service this code runs for. */
export function serviceEnv(): ServiceEnv {
  return currentScope().env;
}

/** The metrics registry of the service this code runs for. */
export function serviceMetrics(): Registry {
  return currentScope().metrics;
}

/**
 * A value derived from a service's settings (a parsed configuration), read once per service: each
 * service in a shared process, and each restart with other settings, gets its own.
 */
export function perService<T>(read: (env: ServiceEnv) => T): () => T {
  const values = new WeakMap<ServiceEnv, T>();
  return () => {
    const env = serviceEnv();
    if (!values.has(env)) values.set(env, read(env));
    return values.get(env) as T;
  };
}
