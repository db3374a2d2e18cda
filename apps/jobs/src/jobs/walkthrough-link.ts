import { randomBytes } from 'node:crypto';

import { openSealed, sealValue, signToken, verifySignedToken } from '@marketplace/service-kit';

import { publicWalkthroughPath } from './job.mapper.js';

export const WALKTHROUGH_LINK_MS = 10 * 60 * 1000;

/** The purpose a job's link-signing key is sealed for (jobs.walkthrough_secret). */
export const WALKTHROUGH_SECRET_PURPOSE = 'jobs.jobs.walkthrough_secret';

/** A fresh link-signing key for a job, as stored: sealed under DATA_ENCRYPTION_KEY. */
export function newSealedWalkthroughSecret(): string {
  return sealValue(randomBytes(32).toString('base64url'), WALKTHROUGH_SECRET_PURPOSE);
}

/** The job's link-signing key, opened from its stored form. */
export function walkthroughSecret(stored: string): string {
  return openSealed(stored, WALKTHROUGH_SECRET_PURPOSE);
}

/**
 * `<memberId>.<expiresMs>.<signature>`: a bearer link for one viewer that stops working after ten
 * minutes. It only names the viewer; whether they may still watch is decided on each request.
 */
export function walkthroughLink(secret: string, jobId: string, memberId: string, now = Date.now()): string {
  const expires = String(now + WALKTHROUGH_LINK_MS);
  return `${publicWalkthroughPath(jobId)}?link=${signToken(secret, `walkthrough:${jobId}`, [memberId, expires])}`;
}

/** The viewer a link was made for, or null when it is forged, for another job or expired. */
export function linkViewer(secret: string, jobId: string, token: string, now = Date.now()): string | null {
  const fields = verifySignedToken(secret, `walkthrough:${jobId}`, token, 2);
  const expires = Number(fields?.[1]);
  return fields && Number.isSafeInteger(expires) && expires >= now ? fields[0]! : null;
}
