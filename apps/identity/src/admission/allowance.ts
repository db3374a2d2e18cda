import type { Db } from '@marketplace/service-kit';

import { placesUsed } from './admission.queries.js';

export { FAILED_RETRY_HOURS } from './admission.queries.js';

export interface Allowance {
  limit: number | null;
  used: number;
  remaining: number | null;
}

/** People let in through the member's link plus addresses their email invitations reserve. */
export async function allowanceOf(db: Db, inviterId: string, perMember: number): Promise<Allowance> {
  const used = await placesUsed(db, inviterId);
  if (perMember === 0) return { limit: null, used, remaining: null };
  return { limit: perMember, used, remaining: Math.max(0, perMember - used) };
}
