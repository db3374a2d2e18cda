import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Sign-in link requests per client address per minute, shared by every replica. */
@Entity({ name: 'sign_in_rate' })
export class SignInRateEntity {
  @PrimaryColumn('text')
  bucket!: string;

  @PrimaryColumn('timestamptz', { name: 'window_start' })
  windowStart!: Date;

  @Column('integer', { default: 0 })
  count!: number;
}
