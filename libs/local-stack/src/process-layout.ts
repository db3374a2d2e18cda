/** How the launcher runs the apps: all in one Node process (the default), or each in its own as in a cluster. */
export type ProcessLayout = 'one-process' | 'per-service';

export const PROCESS_LAYOUT_ENV = 'MARKETPLACE_PROCESSES';

/** Reads MARKETPLACE_PROCESSES: `per-service` or `one-process`; unset or empty means one process. */
export function processLayout(env: NodeJS.ProcessEnv): ProcessLayout {
  const value = env[PROCESS_LAYOUT_ENV]?.trim() || 'one-process';
  if (value === 'one-process' || value === 'per-service') return value;
  throw new Error(`${PROCESS_LAYOUT_ENV} must be one-process or per-service, not "${value}"`);
}
