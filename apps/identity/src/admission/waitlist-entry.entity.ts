import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'waitlist' })
export class WaitlistEntryEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('waitlist_email_key', { unique: true })
  @Column('text')
  email!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'invited_at', nullable: true })
  invitedAt!: Date | null;

  @Column('uuid', { name: 'invited_by', nullable: true })
  invitedBy!: string | null;

  @Column('uuid', { name: 'joined_member_id', nullable: true })
  joinedMemberId!: string | null;
}
