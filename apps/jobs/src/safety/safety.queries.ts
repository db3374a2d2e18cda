import { affected, type Db } from '@marketplace/service-kit';

import { db } from '../database/db.js';

export interface ModelCost {
  id: string;
  purpose: 'safety_review';
  memberId: string;
  jobId: string | null;
  model: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
}

/** One model call's cost, in the job board's costs. */
export function insertModelCost(on: Db, cost: ModelCost): Promise<number> {
  return affected(
    on,
    db.insertInto('model_costs').values({
      id: cost.id,
      purpose: cost.purpose,
      member_id: cost.memberId,
      job_id: cost.jobId,
      model: cost.model,
      calls: cost.calls,
      prompt_tokens: cost.promptTokens,
      completion_tokens: cost.completionTokens,
      usd: cost.usd,
    }),
  );
}
