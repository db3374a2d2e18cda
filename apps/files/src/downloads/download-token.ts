import { DOWNLOAD_TOKEN } from '@marketplace/contracts';
import { hashBearerToken, newBearerToken } from '@marketplace/service-kit';

/**
 * Proxied download links are bearer tokens: 32 random bytes (base64url, 43 characters), stored
 * only as their sha256 in download_grants with the one file they open and their expiry. Nothing
 * is signed with a deployment secret, so there is no key to configure or rotate; a database dump
 * leaks no working link (only hashes), and a link is withdrawn by deleting its row.
 */
export interface DownloadToken {
  token: string;
  hash: string;
}

export const newDownloadToken: () => DownloadToken = newBearerToken;
export const hashDownloadToken = hashBearerToken;

/** The hash to look up, or undefined for something that cannot be a token (never reaches the database). */
export function downloadTokenHash(token: string): string | undefined {
  return DOWNLOAD_TOKEN.test(token) ? hashDownloadToken(token) : undefined;
}

/** A grant works until its expiry, not at it. */
export function grantIsLive(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() > now.getTime();
}
