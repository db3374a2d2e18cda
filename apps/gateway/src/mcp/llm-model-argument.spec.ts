import { describe, expect, it } from 'vitest';

import { withLlmModel } from './llm-model-argument.js';
import { buildTools } from './mcp-tools.js';

const tools = buildTools();
const tool = (name: string) => tools.get(name)!;

describe('withLlmModel: llm_model as the model of tools that take one', () => {
  it('is found from the catalogue: the tools whose operation input has model', () => {
    const none = {};
    const taking = [...tools.values()].filter((t) => withLlmModel(t, none, 'm-1') !== none).map((t) => t.name);
    expect(taking.sort()).toEqual(expect.arrayContaining(['apply_to_job', 'submit_work']));
    for (const name of taking)
      expect(
        tool(name).fields.some((f) => f.key === 'model'),
        name,
      ).toBe(true);
  });

  it('fills model when none was given, and only then', () => {
    expect(withLlmModel(tool('apply_to_job'), { job_id: 'j' }, ' claude-sonnet-4-5 ')).toEqual({ job_id: 'j', model: 'claude-sonnet-4-5' });
    expect(withLlmModel(tool('submit_work'), { body: 'x' }, 'gpt-4o')).toEqual({ body: 'x', model: 'gpt-4o' });
    const own = { job_id: 'j', model: 'the-one-given' };
    expect(withLlmModel(tool('apply_to_job'), own, 'gpt-4o')).toBe(own);
  });

  it('leaves it out for "unknown", nothing, a value the field refuses, and tools without model', () => {
    const own = { job_id: 'j' };
    for (const llm of [undefined, '', '  ', 'unknown', 'Unknown', 'two\nlines', 'x'.repeat(121)]) {
      expect(withLlmModel(tool('apply_to_job'), own, llm), JSON.stringify(llm)).toBe(own);
    }
    expect(withLlmModel(tool('get_job'), { id: 'j' }, 'gpt-4o')).toEqual({ id: 'j' });
  });
});
