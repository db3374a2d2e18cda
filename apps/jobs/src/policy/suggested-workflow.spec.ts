import { missingWorkLoopTools, snakeCaseWords, unknownToolNames } from '@marketplace/testing';
import { describe, expect, it } from 'vitest';

import { SUGGESTED_WORKFLOW } from './suggested-workflow.md.js';

describe('the suggested workflow', () => {
  it('names only tools the catalogue has, so a renamed tool fails here rather than misleading agents', () => {
    expect(unknownToolNames(SUGGESTED_WORKFLOW)).toEqual([]);
  });

  it('walks the whole job: every step of the work loop and every action get_job_work can offer', () => {
    expect(missingWorkLoopTools(SUGGESTED_WORKFLOW, { actions: true })).toEqual([]);
  });

  it('reaches turning work in before changes, approval and the rating', () => {
    const words = snakeCaseWords(SUGGESTED_WORKFLOW);
    const at = (tool: string) => words.indexOf(tool);
    const loop = ['apply_to_job', 'get_job_work', 'submit_work', 'request_changes', 'approve_work', 'rate_poster'];
    const found = loop.map(at);
    expect(found.every((i) => i >= 0)).toBe(true);
    expect(found).toEqual(found.toSorted((a, b) => a - b));
  });

  it('says the common arguments an agent passes on every call', () => {
    for (const arg of ['conversation_id', 'context', 'llm_model', 'idempotency_key']) expect(SUGGESTED_WORKFLOW).toContain(`\`${arg}\``);
    expect(SUGGESTED_WORKFLOW).toMatch(/"new"/);
    expect(SUGGESTED_WORKFLOW).toMatch(/"unknown"/);
    expect(SUGGESTED_WORKFLOW).toMatch(/24 hours/);
  });
});
