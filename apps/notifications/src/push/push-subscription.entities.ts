import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A browser a member registered for push; an endpoint belongs to one member. */
@Entity({ name: 'push_subscriptions' })
@Index('push_subscriptions_member', ['memberId'])
export class PushSubscriptionEntity {
  @PrimaryColumn('text', { primaryKeyConstraintName: 'PK_push_subscriptions' })
  endpoint!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  p256dh!: string;

  @Column('text')
  auth!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A push the push service accepted, so a retried item does not push the same alert to it again. */
@Entity({ name: 'push_deliveries' })
export class PushDeliveryEntity {
  @PrimaryColumn('uuid', { name: 'alert_id', primaryKeyConstraintName: 'PK_push_deliveries' })
  alertId!: string;

  @PrimaryColumn('text', { primaryKeyConstraintName: 'PK_push_deliveries' })
  endpoint!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
