import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A proxied download link: the sha256 of its bearer token (never the token itself), the one file
 * it opens and when it stops working. Expired rows are pruned as new links are made; cleanup
 * removes a deleted file's rows.
 */
@Entity({ name: 'download_grants' })
@Index('download_grants_file_idx', ['fileId'])
@Index('download_grants_expires_idx', ['expiresAt'])
export class DownloadGrantEntity {
  @PrimaryColumn('char', { name: 'token_hash', length: 64 })
  tokenHash!: string;

  @Column('uuid', { name: 'file_id' })
  fileId!: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
