import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertModelCost } from './safety.queries.js';

/** Medium: a model call's cost, written to the job board's costs on a real jobs schema. */
describe('the safety statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_safety' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it("records a review's cost, with or without the job it was for", async () => {
    const [member, jobId] = [randomUUID(), randomUUID()];
    const cost = { purpose: 'safety_review' as const, memberId: member, model: 'small-1', calls: 2, promptTokens: 120, completionTokens: 30, usd: 0.0025 };
    expect(await insertModelCost(db.ds, { ...cost, id: randomUUID(), jobId })).toBe(1);
    expect(await insertModelCost(db.ds, { ...cost, id: randomUUID(), jobId: null })).toBe(1);
    const rows = await db.query(
      `SELECT purpose, job_id, model, calls, prompt_tokens, completion_tokens, usd::float8 AS usd,
      created_at IS NOT NULL AS stamped FROM model_costs WHERE member_id = $1 ORDER BY job_id NULLS LAST`,
      [member],
    );
    expect(rows).toEqual([
      { purpose: 'safety_review', job_id: jobId, model: 'small-1', calls: 2, prompt_tokens: 120, completion_tokens: 30, usd: 0.0025, stamped: true },
      { purpose: 'safety_review', job_id: null, model: 'small-1', calls: 2, prompt_tokens: 120, completion_tokens: 30, usd: 0.0025, stamped: true },
    ]);
  });
});
