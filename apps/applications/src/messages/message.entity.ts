import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'messages' })
@Index('messages_conversation_time', ['applicationId', 'createdAt'])
export class MessageEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'application_id' })
  applicationId!: string;

  /** Null once the sender deleted their account. */
  @Column('uuid', { name: 'sender_id', nullable: true })
  senderId!: string | null;

  @Column('text', { name: 'sender_role' })
  senderRole!: 'poster' | 'applicant';

  @Column('text', { name: 'sent_by' })
  sentBy!: 'person' | 'agent';

  @Column('text')
  body!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** Set while moderators have removed it; the text is kept for a restore after an appeal. */
  @Column('timestamptz', { name: 'removed_at', nullable: true })
  removedAt!: Date | null;

  @Column('timestamptz', { name: 'read_at', nullable: true })
  readAt!: Date | null;
}
