/** Where services find object storage; the same shape for s3rver and a real S3. */
export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** The store lets the site's pages PUT parts (the embedded one's CORS rule says so): S3_BROWSER_UPLOADS. */
  browserUploads?: boolean;
}

/** The dependencies the environment points at real servers; the rest are embedded. */
export interface ExternalInfra {
  databaseUrl?: string;
  natsUrl?: string;
  s3?: S3Settings;
}

export const DEFAULT_BUCKET = 'marketplace';
export const DEFAULT_REGION = 'us-east-1';

/**
 * Reads DATABASE_URL, NATS_URL and S3_* from an environment. Empty values
 * count as unset so that `DATABASE_URL= npm start` falls back to embedded.
 * Malformed values fail here, before anything is started.
 */
export function resolveExternalInfra(env: NodeJS.ProcessEnv): ExternalInfra {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const external: ExternalInfra = {};

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl) {
    const protocol = parseUrl('DATABASE_URL', databaseUrl).protocol;
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      throw new Error(`DATABASE_URL must be a postgres:// URL, got ${protocol}//…`);
    }
    external.databaseUrl = databaseUrl;
  }

  const natsUrl = read('NATS_URL');
  if (natsUrl) external.natsUrl = natsUrl;

  const endpoint = read('S3_ENDPOINT');
  if (endpoint) {
    const protocol = parseUrl('S3_ENDPOINT', endpoint).protocol;
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got ${protocol}//…`);
    }
    const accessKey = read('S3_ACCESS_KEY');
    const secretKey = read('S3_SECRET_KEY');
    if (!accessKey || !secretKey) {
      throw new Error('S3_ENDPOINT is set, so S3_ACCESS_KEY and S3_SECRET_KEY must be set too');
    }
    external.s3 = {
      endpoint: endpoint.replace(/\/+$/, ''),
      accessKey,
      secretKey,
      bucket: read('S3_BUCKET') ?? DEFAULT_BUCKET,
      region: read('S3_REGION') ?? DEFAULT_REGION,
    };
  }

  return external;
}

function parseUrl(name: string, value: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
}
