import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Searches per caller per minute, counted in PostgreSQL so the limit holds across replicas. */
@Entity({ name: 'search_usage' })
export class SearchUsageEntity {
  /** `m:<member id>` or `ip:<client IP>`. */
  @PrimaryColumn('text')
  caller!: string;

  @PrimaryColumn('timestamptz', { name: 'window_start' })
  windowStart!: Date;

  @Column('integer')
  count!: number;
}
