import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A secret this service makes once and keeps (the unsubscribe signing key, the VAPID key pair). */
@Entity({ name: 'notification_keys' })
export class NotificationKeyEntity {
  @PrimaryColumn('text', { primaryKeyConstraintName: 'PK_notification_keys' })
  name!: string;

  @Column('jsonb')
  value!: unknown;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
