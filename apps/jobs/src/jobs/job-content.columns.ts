import type { Category } from '@marketplace/contracts';
import { Column } from 'typeorm';

/** What a poster writes and a published version freezes: the job's current row and each of its versions keep these. */
export abstract class JobContentColumns {
  @Column('text')
  title!: string;

  @Column('text')
  category!: Category;

  @Column('text')
  constraints!: string;
}
