import { inject } from 'vitest';

const control = inject('controlUrl');

/**
 * Stops, starts (with settings given over its usual ones) or kills (SIGKILL, per-service layout)
 * one service of the running test system, through the system's control endpoint.
 */
export async function service(action: 'stop' | 'start' | 'kill', app: string, env?: Record<string, string>): Promise<void> {
  const res = await fetch(`${control}/${action}/${app}`, { method: 'POST', ...(env ? { body: JSON.stringify(env) } : {}) });
  if (res.status !== 204) throw new Error(`${action} ${app}: ${res.status} ${await res.text()}`);
}
