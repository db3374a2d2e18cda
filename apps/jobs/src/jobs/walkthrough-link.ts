import { signToken, verifySignedToken } from '@marketplace/service-kit';
import { publicWalkthroughPath } from './job.mapper.js';

export const WALKTHROUGH_LINK_MS = 10 * 60 * 1000;

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
