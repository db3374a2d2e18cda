import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Operator overrides of admission settings; a missing key means the environment's value. */
@Entity({ name: 'settings' })
export class SettingEntity {
  @PrimaryColumn('text')
  key!: string;

  @Column('jsonb')
  value!: unknown;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
