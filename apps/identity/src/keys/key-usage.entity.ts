import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Requests per key per minute, shared by every gateway and identity replica. */
@Entity({ name: 'key_usage' })
export class KeyUsageEntity {
  @PrimaryColumn('uuid', { name: 'key_id' })
  keyId!: string;

  @PrimaryColumn('timestamptz', { name: 'window_start' })
  windowStart!: Date;

  @Column('integer', { default: 0 })
  count!: number;
}
