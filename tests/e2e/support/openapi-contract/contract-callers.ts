import { createMembers, type TestMember } from '@marketplace/testing';

import type { DocOperation } from './document-operations.js';

/**
 * Requests one API key sends: under its 120 a minute even when the whole run fits in a minute, so
 * the key's own limit never answers for an operation.
 */
export const USES_PER_KEY = 90;

/** Which throwaway members an operation is called as. */
export type CallerGroup = 'member' | 'staff' | 'own-account';

export function callerGroup(op: DocOperation): CallerGroup {
  // Deleting one's account ends the member: it gets members of its own.
  if (op.key === 'DELETE /api/me') return 'own-account';
  if (op.path.startsWith('/api/admin/')) return 'staff';
  return 'member';
}

/**
 * Fresh members for each group, enough that no key sends more than USES_PER_KEY requests; a key is
 * handed out in the order requests are planned, so what one operation does (a team created, a key
 * deleted) reaches few others.
 */
export class CallerPools {
  private readonly members = new Map<CallerGroup, TestMember[]>();
  private readonly used = new Map<CallerGroup, number>();

  static async create(natsUrl: string, needed: ReadonlyMap<CallerGroup, number>): Promise<CallerPools> {
    const pools = new CallerPools();
    for (const [group, requests] of needed) {
      const count = Math.max(1, Math.ceil(requests / USES_PER_KEY));
      pools.members.set(group, await createMembers(natsUrl, count, { staff: group === 'staff' }));
    }
    return pools;
  }

  /** The key for the next request of this group. */
  nextKey(group: CallerGroup): string {
    const used = this.used.get(group) ?? 0;
    this.used.set(group, used + 1);
    const members = this.members.get(group) ?? [];
    const member = members[Math.floor(used / USES_PER_KEY)];
    if (!member) throw new Error(`No member left in the ${group} pool after ${used} requests`);
    return member.key;
  }
}
