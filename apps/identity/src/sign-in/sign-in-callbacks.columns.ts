import { Column } from 'typeorm';

/** Where a sign-in in flight sends the browser afterwards: the columns an emailed link and a federated request both keep. */
export abstract class SignInCallbackColumns {
  @Column('text', { name: 'callback_url', nullable: true })
  callbackUrl!: string | null;

  @Column('text', { name: 'new_user_callback_url', nullable: true })
  newUserCallbackUrl!: string | null;

  @Column('text', { name: 'error_callback_url', nullable: true })
  errorCallbackUrl!: string | null;
}
