import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Counted attempts (applications, reminders) for per-day and per-minute limits, in PostgreSQL. */
@Entity({ name: 'attempts' })
@Index('attempts_member_kind_time', ['memberId', 'kind', 'createdAt'])
export class AttemptEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  kind!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
