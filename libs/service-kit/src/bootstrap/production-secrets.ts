import { processSettings } from '../scope/kit-settings.js';
import { type ServiceEnv, serviceEnv } from '../scope/service-scope.js';

/**
 * Secrets that ship as examples (the chart's throw-away values, s3rver's and MinIO's defaults).
 * Anyone can read them, so a production process refuses to start with them.
 */
const KNOWN_DEFAULTS: Record<string, readonly string[]> = {
  S3_ACCESS_KEY: ['minioadmin', 'S3RVER'],
  S3_SECRET_KEY: ['minioadmin', 'S3RVER'],
};

function defaultDatabasePassword(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.password === 'marketplace' || parsed.password === 'postgres' || parsed.password === 'password';
  } catch {
    return false;
  }
}

/** The settings that hold a published default; empty outside production, where defaults are the point. */
export function defaultSecretsInUse(env: ServiceEnv = serviceEnv()): string[] {
  if (processSettings.read(env).nodeEnv !== 'production') return [];
  const found = Object.entries(KNOWN_DEFAULTS)
    .filter(([name, values]) => values.includes(env[name]?.trim() ?? ''))
    .map(([name]) => name);
  for (const [name, value] of Object.entries(env)) {
    if (/DATABASE_URL$/.test(name) && defaultDatabasePassword(value)) found.push(name);
  }
  return found;
}

export function refuseDefaultSecrets(env: ServiceEnv = serviceEnv()): void {
  const found = defaultSecretsInUse(env);
  if (found.length) {
    throw new Error(
      `Refusing to start in production with published default secrets in ${found.join(', ')}; set your own (see the chart's values.yaml, secret).`,
    );
  }
}
