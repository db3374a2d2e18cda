import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A member's notification choices; no row means the defaults (agent notifications on). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('boolean', { name: 'agent_notifications', default: true })
  agentNotifications!: boolean;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
