import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A member's account at an OpenID Connect provider (issuer + subject). */
@Entity({ name: 'federated_identities' })
export class FederatedIdentityEntity {
  @PrimaryColumn('text')
  issuer!: string;

  @PrimaryColumn('text')
  subject!: string;

  @Index('federated_identities_member_idx')
  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
