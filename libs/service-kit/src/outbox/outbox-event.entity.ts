import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes; the relay publishes it. */
@Entity({ name: 'outbox_events' })
@Index('outbox_events_unpublished', ['createdAt'], { where: '"published_at" IS NULL' })
// Lets the pruner find published rows past their retention without a scan.
@Index('outbox_events_published', ['publishedAt'], { where: '"published_at" IS NOT NULL' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  subject!: string;

  @Column('jsonb')
  envelope!: Record<string, unknown>;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt!: Date | null;
}
