import { serviceEnv } from '../scope/service-scope.js';

/** Where object storage is: the same shape for s3rver, MinIO and a managed S3. */
export interface StorageConfig {
  endpoint: URL;
  /**
   * Where clients reach the same store, when S3_ENDPOINT is an internal address (a cluster service
   * name): presigned download links are made for this origin. Unset, links use `endpoint`.
   */
  publicEndpoint?: URL;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

// The launcher's defaults (libs/local-stack infra-env), so an endpoint alone is enough.
const DEFAULT_BUCKET = 'marketplace';
const DEFAULT_REGION = 'us-east-1';

/**
 * Reads S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION and the optional
 * S3_PUBLIC_ENDPOINT (an origin, no path: a presigned URL's signature covers host and path). Empty values count as
 * unset; what is missing or malformed is named in one error, so a misconfigured deployment says
 * exactly what to set.
 */
export function readStorageConfig(env: NodeJS.ProcessEnv = serviceEnv()): StorageConfig {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const endpoint = read('S3_ENDPOINT');
  const accessKey = read('S3_ACCESS_KEY');
  const secretKey = read('S3_SECRET_KEY');
  const missing = [['S3_ENDPOINT', endpoint], ['S3_ACCESS_KEY', accessKey], ['S3_SECRET_KEY', secretKey]]
    .filter(([, value]) => !value).map(([name]) => name);
  if (missing.length) throw new Error(`Object storage is not configured: set ${missing.join(', ')}`);
  const url = httpUrl('S3_ENDPOINT', endpoint!);
  const publicEndpoint = read('S3_PUBLIC_ENDPOINT');
  let publicUrl: URL | undefined;
  if (publicEndpoint) {
    publicUrl = httpUrl('S3_PUBLIC_ENDPOINT', publicEndpoint);
    if (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash || publicUrl.username || publicUrl.password) {
      throw new Error('S3_PUBLIC_ENDPOINT must be an origin only (scheme, host and port), e.g. https://files.example.com');
    }
  }
  return {
    endpoint: url,
    ...(publicUrl ? { publicEndpoint: publicUrl } : {}),
    accessKey: accessKey!,
    secretKey: secretKey!,
    bucket: read('S3_BUCKET') ?? DEFAULT_BUCKET,
    region: read('S3_REGION') ?? DEFAULT_REGION,
  };
}

function httpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http:// or https:// URL, got ${url.protocol}//…`);
  }
  return url;
}
