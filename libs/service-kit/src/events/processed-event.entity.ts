import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Remembers which events a consumer has applied, so a redelivery changes nothing. */
@Entity({ name: 'processed_events' })
// Lets the pruner find rows older than the stream's retention without a scan.
@Index('processed_events_processed_at', ['processedAt'])
export class ProcessedEvent {
  @PrimaryColumn('text')
  consumer!: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId!: string;

  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' })
  processedAt!: Date;
}
