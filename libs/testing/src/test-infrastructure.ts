declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL for this run: DATABASE_URL, else the embedded one the project's global setup started. */
    databaseUrl: string;
    /** NATS with JetStream for this run: NATS_URL, else the embedded nats-server the global setup started. */
    natsUrl: string;
  }
}

/** vitest is loaded only when a test asks, so that tools importing this library (bench) do not load it. */
async function provided(key: 'databaseUrl' | 'natsUrl', variable: string): Promise<string> {
  const { inject } = await import('vitest');
  const url = inject(key);
  if (!url) {
    throw new Error(
      `No ${variable} for this test: its vitest project has no global setup providing '${key}' ` +
        '(the unit project starts PostgreSQL and NATS embedded unless DATABASE_URL / NATS_URL are set).',
    );
  }
  return url;
}

/** The PostgreSQL a test may create schemas in (the run's DATABASE_URL, else the embedded server). */
export function testDatabaseUrl(): Promise<string> {
  return provided('databaseUrl', 'DATABASE_URL');
}

/** The NATS server (JetStream) a test may create streams on (the run's NATS_URL, else the embedded server). */
export function testNatsUrl(): Promise<string> {
  return provided('natsUrl', 'NATS_URL');
}
