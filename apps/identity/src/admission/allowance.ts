import type { EntityManager, DataSource } from 'typeorm';

/** A failed delivery keeps its place (and may be retried) for this long. */
export const FAILED_RETRY_HOURS = 23;

/** Email invitations that hold a place: not joined, and not a failure older than the retry window. */
export const RESERVING = `(state IN ('sending', 'sent') OR (state = 'failed' AND attempted_at > now() - interval '${FAILED_RETRY_HOURS} hours'))`;

export interface Allowance {
  limit: number | null;
  used: number;
  remaining: number | null;
}

/** People let in through the member's link plus addresses their email invitations reserve. */
export async function allowanceOf(db: DataSource | EntityManager, inviterId: string, perMember: number): Promise<Allowance> {
  const [row] = (await db.query(
    `SELECT (SELECT count(*)::int FROM invite_joins WHERE inviter_id = $1)
          + (SELECT count(*)::int FROM email_invitations WHERE inviter_id = $1 AND ${RESERVING}) AS used`,
    [inviterId],
  )) as { used: number }[];
  const used = row?.used ?? 0;
  if (perMember === 0) return { limit: null, used, remaining: null };
  return { limit: perMember, used, remaining: Math.max(0, perMember - used) };
}
