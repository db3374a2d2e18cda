import { draftCostsSchema } from '@marketplace/contracts';
import type { ModelUsage } from '@marketplace/service-kit';
import { describe, expect, it } from 'vitest';

import { costsView } from '../drafts/draft-view.js';
import { addCosts } from './draft-task.worker.js';

const usage = (calls: number, promptTokens: number, usd: number): ModelUsage => ({ calls, promptTokens, completionTokens: calls * 10, usd, model: 'm' });
const none = { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null };

describe("a draft's costs", () => {
  it("adds each task's usage to the totals and to the task, the recording check by default", () => {
    let costs = addCosts(none, usage(1, 100, 0.1), 'research');
    costs = addCosts(costs, usage(2, 300, 0.2), 'writing');
    costs = addCosts(costs, usage(1, 50, 0.0000004), 'writing');
    costs = addCosts(costs, usage(1, 20, 0.3));
    costs = addCosts(costs, null, 'eval');
    expect(costs).toMatchObject({ calls: 5, promptTokens: 470, completionTokens: 50, usd: 0.6, model: 'm' });
    expect(costs.byTask).toEqual({
      research: usage(1, 100, 0.1),
      writing: { calls: 3, promptTokens: 350, completionTokens: 30, usd: 0.2, model: 'm' },
      recording: usage(1, 20, 0.3),
    });
  });

  it("shows every task, at zero when it spent nothing or ran before shares were kept, in the contract's shape", () => {
    const older = { calls: 2, promptTokens: 40, completionTokens: 8, usd: 0.01, model: 'm' };
    const view = costsView(addCosts(older, usage(1, 10, 0.02), 'eval'));
    expect(draftCostsSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ calls: 3, promptTokens: 50, usd: 0.03 });
    expect(view.byTask.eval).toEqual(usage(1, 10, 0.02));
    expect(view.byTask.research).toEqual(none);
    expect(Object.keys(view.byTask)).toEqual(['research', 'followUps', 'writing', 'recording', 'eval']);
  });
});
