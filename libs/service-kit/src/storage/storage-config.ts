import { storageSettings } from '../scope/kit-settings.js';
import { type ServiceEnv, serviceEnv } from '../scope/service-scope.js';
import { SettingError } from '../scope/settings.js';

/** Where object storage is: the same shape for s3rver, MinIO and a managed S3. */
export interface StorageConfig {
  endpoint: URL;
  /**
   * Where clients reach the same store, when S3_ENDPOINT is an internal address (a cluster service
   * name): presigned download links are made for this origin. Unset, links use `endpoint`.
   */
  publicEndpoint?: URL;
  /**
   * S3_BROWSER_UPLOADS: the store takes parts from this site's pages (its CORS rule lets the site's
   * origin PUT and read the ETag header), so the web pages send files over the proxied cap
   * straight to it. Off unless said: a bucket without that rule would refuse every page upload.
   */
  browserUploads?: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

/**
 * Reads S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION and the optional
 * S3_PUBLIC_ENDPOINT (an origin, no path: a presigned URL's signature covers host and path) and
 * S3_BROWSER_UPLOADS. Empty values count as
 * unset; what is missing is named in one error, so a misconfigured deployment says exactly what to
 * set, and a malformed value stops the service naming its variable (the kit's settings rule).
 */
export function readStorageConfig(env: ServiceEnv = serviceEnv()): StorageConfig {
  const s = storageSettings.read(env);
  const { accessKey, secretKey } = s;
  const missing = [
    ['S3_ENDPOINT', s.endpoint],
    ['S3_ACCESS_KEY', accessKey],
    ['S3_SECRET_KEY', secretKey],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) throw new Error(`Object storage is not configured: set ${missing.join(', ')}`);
  const url = s.endpoint!;
  const publicUrl = s.publicEndpoint;
  if (publicUrl && (publicUrl.pathname !== '/' || publicUrl.search || publicUrl.hash || publicUrl.username || publicUrl.password)) {
    throw new SettingError('S3_PUBLIC_ENDPOINT', publicUrl.href, 'expected an origin only (scheme, host and port), e.g. https://files.example.com');
  }
  return {
    endpoint: url,
    ...(publicUrl ? { publicEndpoint: publicUrl } : {}),
    browserUploads: s.browserUploads,
    accessKey: accessKey!,
    secretKey: secretKey!,
    bucket: s.bucket,
    region: s.region,
  };
}
