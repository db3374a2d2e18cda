import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One model call the job board paid for (today the content check's second opinion), with its
 * tokens and estimated dollars: the job board's costs, as a draft keeps its own. `jobId` is null
 * when the posting was refused or never stored.
 */
@Entity({ name: 'model_costs' })
@Index('model_costs_member', ['memberId', 'createdAt'])
export class ModelCostEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** What the call was for, e.g. `safety_review`. */
  @Column('text')
  purpose!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('uuid', { name: 'job_id', nullable: true })
  jobId!: string | null;

  @Column('text')
  model!: string;

  @Column('integer')
  calls!: number;

  @Column('integer', { name: 'prompt_tokens' })
  promptTokens!: number;

  @Column('integer', { name: 'completion_tokens' })
  completionTokens!: number;

  @Column('double precision')
  usd!: number;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
