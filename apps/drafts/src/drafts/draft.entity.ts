import type { DraftCostTask } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type DraftStatus = 'open' | 'posted' | 'discarded';
export type DraftTaskName = 'research' | 'followUps' | 'writing';

/** A task as stored: the contract's TaskState plus the run the draft waits for. */
export interface StoredTask {
  status: 'pending' | 'ready' | 'failed';
  step: string | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  runId: string;
  /** For writing: the answers version it was started from, so a later change reads as stale. */
  answersVersion?: number;
}

export interface StoredFollowUp {
  id: string;
  question: string;
  hint: string;
  options: string[];
}

export interface StoredUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  model: string | null;
}

/** A draft's model use in all, and per task (`byTask` is missing on drafts from before it was kept). */
export interface StoredCosts extends StoredUsage {
  byTask?: Partial<Record<DraftCostTask, StoredUsage>>;
}

export interface StoredPosting {
  title: string;
  category: string;
  description: string;
  summary: string;
  evaluation: { score: number; verdict: string; strengths: string[]; gaps: string[]; analyzed: boolean };
  writtenAt: string;
  writtenBy: string;
  answersVersion: number;
}

/**
 * The job eval of a posted draft's job, once the job's content was edited: `version` is the job
 * version it is (being) written for, `evaluatedVersion` the one `posting.evaluation` describes,
 * and `task` the rewrite the draft waits for.
 */
export interface StoredJobEval {
  version: number;
  evaluatedVersion: number;
  task: StoredTask;
}

/** One member's guided draft: answers, background results and review state, in one row. */
@Entity({ name: 'job_drafts' })
@Index('job_drafts_member_recent', ['memberId', 'status', 'updatedAt'])
@Index('job_drafts_job', ['jobId'])
export class JobDraftEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text', { default: 'open' })
  status!: DraftStatus;

  @Column('text', { name: 'job_id', nullable: true })
  jobId!: string | null;

  @Column('text', { name: 'poster_visibility', default: 'public' })
  posterVisibility!: 'public' | 'anonymous';

  @Column('jsonb', { default: {} })
  answers!: Record<string, string>;

  /** Bumped whenever an answer changes; a posting written from an older version is stale. */
  @Column('integer', { name: 'answers_version', default: 0 })
  answersVersion!: number;

  @Column('jsonb', { nullable: true })
  research!: { summary: string; facts: string[]; sources: string[] } | null;

  @Column('text', { name: 'research_correction', nullable: true })
  researchCorrection!: string | null;

  @Column('jsonb', { name: 'follow_ups', default: [] })
  followUps!: StoredFollowUp[];

  @Column('jsonb', { nullable: true })
  posting!: StoredPosting | null;

  /** Parts approved since the posting was last written or edited. */
  @Column('jsonb', { default: [] })
  approved!: string[];

  @Column('jsonb', { default: {} })
  tasks!: Partial<Record<DraftTaskName, StoredTask>>;

  /** Null until the posted job's content is first edited. */
  @Column('jsonb', { name: 'job_eval', nullable: true })
  jobEval!: StoredJobEval | null;

  @Column('jsonb', { default: { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null } })
  costs!: StoredCosts;

  /** sha256 of the token of the draft's one live record link; a new link replaces it. */
  @Index('job_drafts_recording_token', { unique: true })
  @Column('text', { name: 'recording_token_hash', nullable: true })
  recordingTokenHash!: string | null;

  @Column('timestamptz', { name: 'recording_link_expires_at', nullable: true })
  recordingLinkExpiresAt!: Date | null;

  /** The completed recording that belongs to the draft; a newer completed one replaces it. */
  @Column('uuid', { name: 'recording_id', nullable: true })
  recordingId!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
