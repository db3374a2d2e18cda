import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An identity provider event id already recorded: a replay of its signed request (within the
 * signature's five minutes) is not recorded twice. Kept an hour, well past that window.
 */
@Entity({ name: 'identity_webhook_events' })
export class IdentityWebhookEventEntity {
  @PrimaryColumn('text', { name: 'event_id', primaryKeyConstraintName: 'PK_identity_webhook_events' })
  eventId!: string;

  @Index('identity_webhook_events_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
