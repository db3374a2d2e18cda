import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A network link a member looked up during sign-up; confirming it needs a lookup within the hour. */
@Entity({ name: 'network_lookups' })
export class NetworkLookupEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @PrimaryColumn('text', { name: 'network_url' })
  networkUrl!: string;

  @Column('timestamptz', { name: 'looked_up_at', default: () => 'now()' })
  lookedUpAt!: Date;
}
