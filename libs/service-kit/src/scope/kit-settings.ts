import { defineSettings, setting } from './setting-declarations.js';

/**
 * What the kit reads for every service (bus, database, storage, tracing, workers, models, secrets,
 * process). The kit's modules read their values here; run-service reads them all at start.
 */
const EVERY = 'every service';

export const processSettings = defineSettings('kit', EVERY, {
  nodeEnv: setting.string('NODE_ENV', { default: 'development', description: '`production` refuses published default secrets and missing keys' }),
  role: setting.oneOf('ROLE', ['api', 'worker', 'migrate'], {
    default: 'api',
    description: 'what the process runs: the bus handlers, the work queues, or the migrations then exit',
  }),
  migrateOnStart: setting.bool('MIGRATE_ON_START', { default: true, description: 'the api and worker apply pending migrations at start' }),
  logLevel: setting.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'the least level logged',
  }),
  healthPort: setting.int('HEALTH_PORT', { min: 0, max: 65535, description: 'port of the health and metrics server; unset: none' }),
  healthHost: setting.string('HEALTH_HOST', { default: '0.0.0.0', description: 'address the health server listens on' }),
});

export const busSettings = defineSettings('kit', EVERY, {
  natsUrl: setting.string('NATS_URL', { default: 'nats://127.0.0.1:4222', description: 'NATS servers, comma-separated' }),
  natsNkeySeed: setting.string('NATS_NKEY_SEED', { secret: true, description: "the service's NATS nkey seed" }),
  natsNkeySeedFile: setting.string('NATS_NKEY_SEED_FILE', { description: 'a file holding the nkey seed, when NATS_NKEY_SEED is unset' }),
  natsUser: setting.string('NATS_USER', { description: 'NATS user, when no nkey is given' }),
  natsPassword: setting.string('NATS_PASSWORD', { secret: true, description: "NATS user's password" }),
  busTimeoutMs: setting.duration('BUS_TIMEOUT_MS', { default: 5000, min: 1, description: 'how long a bus request waits for its answer' }),
  busLocalCalls: setting.bool('BUS_LOCAL_CALLS', {
    default: true,
    description: 'a request to a service running in the same process (the one-process layout) is answered there, without the trip through NATS',
  }),
  jetstreamReplicas: setting.int('JETSTREAM_REPLICAS', { default: 1, min: 1, max: 5, description: 'replicas of each JetStream stream the services create' }),
  callerVerifyKey: setting.string('BUS_CALLER_VERIFY_KEY', { secret: true, description: "the gateway's public JWK services check callers with" }),
  callerSigningKey: setting.string('BUS_CALLER_SIGNING_KEY', {
    secret: true,
    readBy: 'gateway',
    description: 'the private JWK the gateway signs each caller it passes to services with',
  }),
  outboxPollMs: setting.duration('OUTBOX_POLL_MS', {
    default: 1000,
    min: 1,
    description: 'how often the outbox relay looks for committed events not yet published',
  }),
  outboxVerifyAfterMs: setting.duration('OUTBOX_VERIFY_AFTER_MS', {
    default: 5000,
    min: 0,
    max: 600_000,
    description: 'from PubAck to reading the event back from the stream leader; 0: off',
  }),
});

export const databaseSettings = defineSettings('kit', 'every service with a database', {
  databaseUrl: setting.string('DATABASE_URL', { secret: true, description: 'PostgreSQL connection URL' }),
  poolSize: setting.int('DB_POOL_SIZE', { default: 10, min: 1, description: 'connections in the pool of each process' }),
});

export const storageSettings = defineSettings('kit', 'services with files (when any S3_ variable is set)', {
  endpoint: setting.url('S3_ENDPOINT', { description: 'the object store (S3, MinIO)' }),
  publicEndpoint: setting.url('S3_PUBLIC_ENDPOINT', { description: 'the store as browsers reach it (an origin), for presigned links; unset: S3_ENDPOINT' }),
  browserUploads: setting.bool('S3_BROWSER_UPLOADS', {
    default: false,
    description: "the web pages send large files straight to the store (needs the bucket's CORS rule)",
  }),
  accessKey: setting.string('S3_ACCESS_KEY', { secret: true, description: 'object store access key' }),
  secretKey: setting.string('S3_SECRET_KEY', { secret: true, description: 'object store secret key' }),
  bucket: setting.string('S3_BUCKET', { default: 'marketplace', description: 'the bucket' }),
  region: setting.string('S3_REGION', { default: 'us-east-1', description: 'the region signed for' }),
});

export const tracingSettings = defineSettings('kit', EVERY, {
  otlpEndpoint: setting.string('OTEL_EXPORTER_OTLP_ENDPOINT', { description: 'OTLP/HTTP collector; /v1/traces is added' }),
  otlpTracesEndpoint: setting.string('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', { description: 'OTLP/HTTP traces URL, as is' }),
  serviceName: setting.string('OTEL_SERVICE_NAME', { description: "the traces' service name; unset: the service's" }),
});

export const workerSettings = defineSettings('kit', 'worker', {
  queues: setting.list('WORKER_QUEUES', { description: "the queues this worker pulls; unset: all of the service's" }),
  concurrency: setting.int('WORKER_CONCURRENCY', {
    min: 1,
    description: "jobs of each queue at once; WORKER_CONCURRENCY_<QUEUE> for one queue; unset: the queue's own",
  }),
  drainMs: setting.duration('WORKER_DRAIN_MS', { default: 25_000, min: 0, description: 'how long a stopping worker lets running jobs finish' }),
});

export const modelSettings = defineSettings('kit', 'services that call a model', {
  baseUrl: setting.string('MODEL_BASE_URL', { description: 'an OpenAI-compatible API; unset: no model (deterministic fallbacks)' }),
  name: setting.string('MODEL_NAME', { default: 'gpt-4o-mini', description: 'the chat model' }),
  embeddingName: setting.string('MODEL_EMBEDDING_NAME', { default: 'text-embedding-3-small', description: 'the embedding model' }),
  apiKey: setting.string('MODEL_API_KEY', { secret: true, description: 'the API key' }),
  transcriptionName: setting.string('MODEL_TRANSCRIPTION_NAME', { description: 'the speech-to-text model; unset: no transcription' }),
  transcriptionBaseUrl: setting.string('MODEL_TRANSCRIPTION_BASE_URL', { description: 'where transcription is answered; unset: MODEL_BASE_URL' }),
  timeoutMs: setting.number('MODEL_TIMEOUT_MS', { default: 60_000, min: 0, description: 'one model call, in ms' }),
  retries: setting.number('MODEL_RETRIES', { default: 2, min: 0, description: 'retries of a failed model call' }),
  usdPerMillionPrompt: setting.number('MODEL_USD_PER_MILLION_PROMPT', { default: 0, min: 0, description: 'price of prompt tokens, for the budget' }),
  usdPerMillionCompletion: setting.number('MODEL_USD_PER_MILLION_COMPLETION', {
    default: 0,
    min: 0,
    description: 'price of completion tokens, for the budget',
  }),
  usdPerAudioMinute: setting.number('MODEL_USD_PER_AUDIO_MINUTE', { default: 0, min: 0, description: 'price of transcription, for the budget' }),
  dailyUsdCap: setting.number('MODEL_DAILY_USD_CAP', {
    min: Number.MIN_VALUE,
    description: "the service's model dollars per UTC day (all replicas); unset: no cap",
  }),
  dailyCallsCap: setting.int('MODEL_DAILY_CALLS_CAP', { min: 1, description: "the service's model calls per UTC day (all replicas); unset: no cap" }),
});

export const secretSettings = defineSettings('kit', 'services that seal secrets', {
  dataEncryptionKey: setting.string('DATA_ENCRYPTION_KEY', {
    secret: true,
    description: 'keys (≥ 32 characters, comma-separated, newest first) that seal stored secrets',
  }),
});

/** PUBLIC_URL: read through scope/public-url.ts (the gateway: its own HOST and PORT when unset). */
export const siteSettings = defineSettings('kit', EVERY, {
  publicUrl: setting.url('PUBLIC_URL', {
    description: 'the origin and path members reach the site at; links start with it. Unset: http://127.0.0.1:3000 (the gateway: its HOST and PORT)',
  }),
});

/** Read by identity (sign-in redirects) and the gateway (MCP from browsers) alike. */
export const originSettings = defineSettings('kit', 'identity, gateway', {
  trustedOrigins: setting.list('TRUSTED_ORIGINS', {
    check: (o) => URL.canParse(o),
    expected: 'a URL',
    description: 'extra origins allowed to start a sign-in, be redirected to, and call /api/mcp from a browser',
  }),
});

/** Read by identity (invitations, sign-in links) and notifications (alerts) alike. */
export const mailSettings = defineSettings('kit', 'identity, notifications', {
  smtpUrl: setting.string('SMTP_URL', { secret: true, description: 'the mail server (smtp:// or smtps://, credentials inside); unset: no email' }),
  mailFrom: setting.string('MAIL_FROM', { default: 'Marketplace <no-reply@marketplace.localhost>', description: 'the sender of every email' }),
});

/** Read by the process that runs services (alone, or npm start's host), outside any service's scope. */
export const hostSettings = defineSettings('kit', 'the process', {
  idleMemoryReducer: setting.oneOf('IDLE_MEMORY_REDUCER', ['on', 'off'], {
    default: 'on',
    description: 'a process frees memory when idle; off: V8 grows the heap as it likes',
  }),
});

/** Read by two services alike, so declared once here rather than by either. */
export const batchingSettings = defineSettings('kit', 'jobs, gateway', {
  audienceFlushMs: setting.duration('AUDIENCE_FLUSH_MS', {
    default: 2000,
    min: 50,
    description: 'how often each process writes the job impressions and views it buffered',
  }),
});
