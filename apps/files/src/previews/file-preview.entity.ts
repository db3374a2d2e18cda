import { Column, Entity, PrimaryColumn } from 'typeorm';

export type FilePreviewKind = 'pending' | 'image' | 'unavailable';

/**
 * The preview of a ready file, made once by the files worker: `pending` while its work item is
 * queued (requestedAt says when, so a lost item is asked for again), then `image` (the re-encoded
 * picture at object_key) or `unavailable` (reason says why). Removed with the file by cleanup.
 */
@Entity({ name: 'file_previews' })
export class FilePreviewEntity {
  @PrimaryColumn('uuid', { name: 'file_id' })
  fileId!: string;

  @Column('varchar', { length: 16 })
  kind!: FilePreviewKind;

  @Column('varchar', { name: 'mime_type', length: 32, nullable: true })
  mimeType!: string | null;

  @Column('varchar', { name: 'object_key', length: 200, nullable: true })
  objectKey!: string | null;

  @Column('varchar', { length: 300, nullable: true })
  reason!: string | null;

  @Column('timestamptz', { name: 'requested_at', default: () => 'now()' })
  requestedAt!: Date;

  @Column('timestamptz', { name: 'made_at', nullable: true })
  madeAt!: Date | null;
}
