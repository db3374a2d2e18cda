import type { DraftRecording, RecordingCheck, RecordingCheckPart } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One uploaded part: its bytes stay in object storage under `key`. */
export interface StoredPart {
  index: number;
  size: number;
  sha256: string;
  key: string;
}

/** A walkthrough recording of a draft: its parts, the background check's result and the poster's review. */
@Entity({ name: 'draft_recordings' })
@Index('draft_recordings_draft', ['draftId'])
export class RecordingEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'draft_id' })
  draftId!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text', { default: 'uploading' })
  status!: DraftRecording['status'];

  @Column('boolean', { default: false })
  webcam!: boolean;

  @Column('double precision', { default: 0 })
  seconds!: number;

  @Column('jsonb', { default: [] })
  parts!: StoredPart[];

  @Column('boolean', { default: false })
  analyzed!: boolean;

  @Column('text', { nullable: true })
  summary!: string | null;

  @Column('text', { nullable: true })
  transcript!: string | null;

  @Column('jsonb', { default: [] })
  findings!: DraftRecording['findings'];

  @Column('jsonb', { default: [] })
  moments!: DraftRecording['moments'];

  @Column('jsonb', { name: 'accepted_moments', default: [] })
  acceptedMoments!: string[];

  /** Each part of the check, once it ended; null while checking, and for recordings checked before parts were recorded. */
  @Column('jsonb', { nullable: true })
  checks!: RecordingCheck[] | null;

  @Column('boolean', { default: false })
  approved!: boolean;

  /** What the poster's approval acknowledged: parts not checked or that found something. */
  @Column('jsonb', { default: [] })
  acknowledged!: RecordingCheckPart[];

  /** The parts joined into one video by the background check; null until then. */
  @Column('text', { name: 'video_key', nullable: true })
  videoKey!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
