import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Remembers which events a consumer has applied, so a redelivery changes nothing. */
@Entity({ name: 'processed_events' })
export class ProcessedEvent {
  @PrimaryColumn('text')
  consumer!: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId!: string;

  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' })
  processedAt!: Date;
}
