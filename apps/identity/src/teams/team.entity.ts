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
