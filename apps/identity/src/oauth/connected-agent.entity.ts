import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An agent a member approved on the consent page; removed when they disconnect it. */
@Entity({ name: 'connected_agents' })
@Index('connected_agents_member_idx', ['memberId', 'connectedAt'])
export class ConnectedAgentEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @PrimaryColumn('text', { name: 'client_id' })
  clientId!: string;

  @Column('text', { name: 'client_name' })
  clientName!: string;

  @Column('text')
  domain!: string;

  @Column('jsonb')
  scopes!: string[];

  /** The grant the latest approval created: revoked or expired, the agent is no longer connected. */
  @Column('text', { name: 'grant_id', nullable: true })
  grantId!: string | null;

  @Column('timestamptz', { name: 'connected_at', default: () => 'now()' })
  connectedAt!: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt!: Date | null;
}
