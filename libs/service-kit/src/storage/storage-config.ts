/** Where object storage is: the same shape for s3rver, MinIO and a managed S3. */
export interface StorageConfig {
  endpoint: URL;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

// The launcher's defaults (libs/local-stack infra-env), so an endpoint alone is enough.
const DEFAULT_BUCKET = 'marketplace';
const DEFAULT_REGION = 'us-east-1';

/**
 * Reads S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET and S3_REGION. Empty values count as
 * unset; what is missing or malformed is named in one error, so a misconfigured deployment says
 * exactly what to set.
 */
export function readStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const endpoint = read('S3_ENDPOINT');
  const accessKey = read('S3_ACCESS_KEY');
  const secretKey = read('S3_SECRET_KEY');
  const missing = [['S3_ENDPOINT', endpoint], ['S3_ACCESS_KEY', accessKey], ['S3_SECRET_KEY', secretKey]]
    .filter(([, value]) => !value).map(([name]) => name);
  if (missing.length) throw new Error(`Object storage is not configured: set ${missing.join(', ')}`);
  let url: URL;
  try {
    url = new URL(endpoint!);
  } catch {
    throw new Error('S3_ENDPOINT is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got ${url.protocol}//…`);
  }
  return {
    endpoint: url,
    accessKey: accessKey!,
    secretKey: secretKey!,
    bucket: read('S3_BUCKET') ?? DEFAULT_BUCKET,
    region: read('S3_REGION') ?? DEFAULT_REGION,
  };
}
