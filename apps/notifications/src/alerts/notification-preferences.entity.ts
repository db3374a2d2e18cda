import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A member's notification choices; no row means the defaults (agent notifications and every email switch on). */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('boolean', { name: 'agent_notifications', default: true })
  agentNotifications!: boolean;

  @Column('boolean', { name: 'email_comments', default: true })
  emailComments!: boolean;

  @Column('boolean', { name: 'email_preferred_worker', default: true })
  emailPreferredWorker!: boolean;

  @Column('boolean', { name: 'email_applications', default: true })
  emailApplications!: boolean;

  @Column('boolean', { name: 'email_hiring_and_work', default: true })
  emailHiringAndWork!: boolean;

  @Column('boolean', { name: 'email_messages', default: true })
  emailMessages!: boolean;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
