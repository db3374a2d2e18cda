import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A company on the team surface. */
@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A member's place on a team: the primary key makes a member belong to one team at most. */
@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Index('team_members_team_idx')
  @Column('uuid', { name: 'team_id' })
  teamId!: string;

  /** owner, admin or member. */
  @Column('text')
  role!: string;

  @Column('timestamptz', { name: 'joined_at', default: () => 'now()' })
  joinedAt!: Date;
}

/**
 * An invitation to a team, by email address: it waits (`pending`) until the member with that
 * verified address accepts or declines it, it expires, or the team dissolves (`withdrawn`).
 */
@Entity({ name: 'team_invitations' })
@Index('team_invitations_waiting_uq', ['teamId', 'email'], { unique: true, where: `"status" = 'pending'` })
export class TeamInvitationEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_team_invitations' })
  id!: string;

  @Column('uuid', { name: 'team_id' })
  teamId!: string;

  @Index('team_invitations_email_idx')
  @Column('text')
  email!: string;

  /** admin or member. */
  @Column('text')
  role!: string;

  @Column('uuid', { name: 'invited_by' })
  invitedBy!: string;

  /** pending, accepted, declined or withdrawn. */
  @Column('text', { default: 'pending' })
  status!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'answered_at', nullable: true })
  answeredAt!: Date | null;
}
