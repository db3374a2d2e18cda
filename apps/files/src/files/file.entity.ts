import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type FileArea = 'personal' | 'job';
export type FileStatus = 'uploading' | 'ready' | 'deleting';

/**
 * A file in a personal area (owner_id = the member) or a job area (owner_id = the job, with a
 * folder and the hire). Its bytes are in object storage: while uploading, each chunk is the object
 * the gateway staged it as (file_chunks.object_key), then one object at `files/objects/<id>`
 * (object_key) once ready.
 * A live file (not deleting) has a path unique in its folder ignoring case: the partial unique
 * index files_live_path, an expression index TypeORM cannot declare, made by the migration.
 */
@Entity({ name: 'files' })
@Index('files_live_path', { synchronize: false })
@Index('files_area_owner', ['area', 'ownerId'])
@Index('files_uploading_expiry', ['uploadExpiresAt'], { where: "status = 'uploading'" })
export class FileEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  area!: FileArea;

  /** The member for a personal area, the job for a job area. */
  @Column('uuid', { name: 'owner_id' })
  ownerId!: string;

  /** `poster` or `worker` in a job area; null in a personal one. */
  @Column('text', { nullable: true })
  folder!: string | null;

  @Column('uuid', { name: 'hire_id', nullable: true })
  hireId!: string | null;

  @Column('uuid', { name: 'uploader_id' })
  uploaderId!: string;

  /** NFC-normalised relative path. */
  @Column('text')
  path!: string;

  /** Declared at creation; counted against the area's quota from then until the row is removed. */
  @Column('bigint')
  size!: string;

  /** The whole file's sha256 in lower-case hex, as declared at creation. */
  @Column('text')
  sha256!: string;

  @Column('int', { name: 'chunk_bytes' })
  chunkBytes!: number;

  /** Bytes of the chunks received so far (sum of file_chunks.size); the size once ready. */
  @Column('bigint', { default: 0 })
  received!: string;

  @Column('text')
  status!: FileStatus;

  /** The assembled object, once ready. */
  @Column('text', { name: 'object_key', nullable: true })
  objectKey!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @Column('timestamptz', { name: 'upload_expires_at' })
  uploadExpiresAt!: Date;

  /** When the files worker was last asked to join the chunks (large files); null when never. */
  @Column('timestamptz', { name: 'assembly_requested_at', nullable: true })
  assemblyRequestedAt!: Date | null;

  /** Why the last join failed (the sha256 did not match); reported by the next complete, then cleared. */
  @Column('text', { name: 'assembly_failure', nullable: true })
  assemblyFailure!: string | null;

  /** A job's worker-folder file turned in with a submission: it can no longer be deleted. */
  @Column('timestamptz', { name: 'turned_in_at', nullable: true })
  turnedInAt!: Date | null;

  /**
   * The submission that turned the file in while it has not yet committed: until then the lock is
   * provisional (released if the submission fails, or by the sweep once turn_in_pending_until passes).
   */
  @Column('uuid', { name: 'turn_in_id', nullable: true })
  turnInId!: string | null;

  @Column('timestamptz', { name: 'turn_in_pending_until', nullable: true })
  turnInPendingUntil!: Date | null;

  /** An upload sent straight to storage (presigned parts): its S3 multipart upload, until storage joins the parts. */
  @Column('text', { name: 'upload_id', nullable: true })
  uploadId!: string | null;

  /** When storage joined a direct upload's parts into the file's object; its sha256 is checked next. */
  @Column('timestamptz', { name: 'parts_joined_at', nullable: true })
  partsJoinedAt!: Date | null;
}

/**
 * A job's file area as this service knows it: the poster, the hire last seen (from the jobs
 * service) and whether the poster granted that hire access. A new hire replaces the row's hire
 * and starts without access; a cancelled hire's access is revoked.
 */
@Entity({ name: 'job_areas' })
export class JobAreaEntity {
  @PrimaryColumn('uuid', { name: 'job_id' })
  jobId!: string;

  @Column('uuid', { name: 'poster_id' })
  posterId!: string;

  @Column('uuid', { name: 'hire_id', nullable: true })
  hireId!: string | null;

  @Column('uuid', { name: 'worker_id', nullable: true })
  workerId!: string | null;

  @Column('boolean', { name: 'worker_access', default: false })
  workerAccess!: boolean;

  @Column('timestamptz', { name: 'access_changed_at', nullable: true })
  accessChangedAt!: Date | null;
}

/** One received chunk of an uploading file, kept at `object_key` until the file is assembled. */
@Entity({ name: 'file_chunks' })
export class FileChunkEntity {
  @PrimaryColumn('uuid', { name: 'file_id' })
  fileId!: string;

  @PrimaryColumn('int')
  idx!: number;

  @Column('int')
  size!: number;

  @Column('text')
  sha256!: string;

  @Column('text', { name: 'object_key' })
  objectKey!: string;
}

/** A member whose account was deleted: their file operations answer closed (409 on writes). */
@Entity({ name: 'closed_members' })
export class ClosedMemberEntity {
  @PrimaryColumn('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('timestamptz', { name: 'closed_at', default: () => 'now()' })
  closedAt!: Date;
}
