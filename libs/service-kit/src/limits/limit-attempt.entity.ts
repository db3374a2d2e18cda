import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Attempts counted against a limit bucket. A log bucket writes one row per attempt at its time;
 * a counter bucket keeps one row per fixed window, at the window's start. The pruner deletes a
 * row once `expires_at` passes, when no window of its bucket can see it any more.
 */
@Entity({ name: 'limit_attempts' })
@Index('limit_attempts_expiry', ['expiresAt'])
export class LimitAttempt {
  @PrimaryColumn('text')
  bucket!: string;

  @PrimaryColumn('text')
  subject!: string;

  @PrimaryColumn('timestamptz')
  at!: Date;

  @Column('integer', { default: 1 })
  count!: number;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}
