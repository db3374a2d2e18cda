import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Who let a member in: one row per joined member, so a join counts once against one allowance. */
@Entity({ name: 'invite_joins' })
export class InviteJoinEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Index('invite_joins_inviter_idx')
  @Column('uuid', { name: 'inviter_id' })
  inviterId!: string;

  @Column('uuid', { name: 'link_id' })
  linkId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
