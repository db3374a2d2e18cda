import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A member's current photo, re-encoded by the service. Its hash is part of the public URL, so a
 * new photo gets a new URL and the old one can be cached forever.
 */
@Entity({ name: 'member_photos' })
export class MemberPhotoEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  hash!: string;

  @Column('text', { name: 'content_type' })
  contentType!: 'image/png' | 'image/jpeg';

  /** Where the bytes are in object storage. Null only on rows from before storage, copied there when first read. */
  @Column('text', { name: 'object_key', nullable: true })
  objectKey!: string | null;

  /** The bytes of a row from before object storage; null once copied there. */
  @Column('bytea', { nullable: true })
  data!: Buffer | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
