import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A member whose account identity is about to delete: until `expires_at` no application of theirs
 * or to their jobs can be accepted. Written by claimMemberDeletion under the member's lock, after
 * checking they have no hired work underway; accept takes the same lock and reads it.
 */
@Entity({ name: 'member_deletion_claims' })
export class MemberDeletionClaimEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
