import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An address a member emailed their link to. It holds a place of the inviter's allowance until
 * the person joins (then the join counts instead) or a failed delivery is older than 23 hours.
 */
@Entity({ name: 'email_invitations' })
@Index('email_invitations_inviter_email_key', ['inviterId', 'email'], { unique: true })
export class EmailInvitationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'inviter_id' })
  inviterId!: string;

  @Index('email_invitations_email_idx')
  @Column('text')
  email!: string;

  @Column('text')
  state!: 'sending' | 'sent' | 'failed' | 'joined';

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** Last delivery attempt; a failed one may be retried for 23 hours. */
  @Column('timestamptz', { name: 'attempted_at', default: () => 'now()' })
  attemptedAt!: Date;
}
