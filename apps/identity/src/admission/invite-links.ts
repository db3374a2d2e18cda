import { serviceEnv } from '@marketplace/service-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

export interface LinkRow { id: string; member_id: string; token: string; revoked_at: Date | null; created_at: Date }

export function inviteUrl(token: string): string {
  const base = (serviceEnv().PUBLIC_URL ?? '').replace(/\/$/, '');
  return `${base}/join?token=${encodeURIComponent(token)}`;
}

/** The member's link, created on first use and locked for the rest of the transaction. */
export async function lockOwnLink(em: EntityManager, memberId: string): Promise<LinkRow> {
  await em.query(
    `INSERT INTO invite_links (id, member_id, token) VALUES ($1, $2, $3) ON CONFLICT (member_id) DO NOTHING`,
    [randomUUID(), memberId, randomBytes(18).toString('base64url')],
  );
  const [link] = (await em.query('SELECT * FROM invite_links WHERE member_id = $1 FOR UPDATE', [memberId])) as LinkRow[];
  return link!;
}
