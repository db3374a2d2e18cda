import { randomBytes } from 'node:crypto';

import { openSealed, publicUrl, sealValue, secretDigest } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { lockOwnLinkRow, type StoredLinkRow } from './admission.queries.js';

/** A link as its handlers use it: `token` is opened from the sealed column, never stored in the clear. */
export interface LinkRow {
  id: string;
  member_id: string;
  token: string;
  revoked_at: Date | null;
  created_at: Date;
}

/** What the table holds: the token's sha256 (to find the link it names) and the token sealed (to show it again). */
export type { StoredLinkRow } from './admission.queries.js';

/** The purpose a link's token is sealed for (authenticated with it). */
export const INVITE_TOKEN_PURPOSE = 'identity.invite_links.token';

export function inviteUrl(token: string): string {
  const base = publicUrl();
  return `${base}/join?token=${encodeURIComponent(token)}`;
}

/** The token of a stored link, for showing the link to its owner or staff. */
export function linkToken(row: Pick<StoredLinkRow, 'token_sealed'>): string {
  return openSealed(row.token_sealed, INVITE_TOKEN_PURPOSE);
}

export function toLinkRow({ token_hash: _hash, token_sealed, ...row }: StoredLinkRow): LinkRow {
  return { ...row, token: linkToken({ token_sealed }) };
}

/** The member's link, created on first use and locked for the rest of the transaction. */
export async function lockOwnLink(em: EntityManager, memberId: string): Promise<LinkRow> {
  const token = randomBytes(18).toString('base64url');
  const link = await lockOwnLinkRow(em, memberId, secretDigest(token), sealValue(token, INVITE_TOKEN_PURPOSE));
  return toLinkRow(link!);
}
