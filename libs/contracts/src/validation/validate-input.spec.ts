import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { listOpenJobs, postJob } from '../operations/jobs.operations.js';
import { rejectUnknownFields, validateInput } from './validate-input.js';

describe('validateInput', () => {
  it('applies defaults', () => {
    expect(validateInput(listOpenJobs.input, {})).toMatchObject({ limit: 100, offset: 0, sort: 'newest' });
  });

  it('names every invalid field under the caller\'s wire names', () => {
    try {
      validateInput(listOpenJobs.input, { limit: 0, posterId: ['a'], minBudget: 5 }, (k) => (k === 'minBudget' ? 'min_budget' : k));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.status).toBe(400);
      expect(Object.keys(e.extra.fields!).sort()).toEqual(['limit', 'min_budget']);
      expect(e.extra.fields!.min_budget).toMatch(/retired/);
    }
  });

  it('reports missing required fields as Required.', () => {
    try {
      validateInput(postJob.input, {});
      expect.unreachable();
    } catch (err) {
      expect((err as AppError).extra.fields).toEqual({ title: 'Required.', category: expect.any(String), constraints: 'Required.' });
    }
  });

  it('refuses multi-line titles and trims text', () => {
    expect(() => validateInput(postJob.input, { title: 'a\nb', category: 'data', constraints: 'x' })).toThrow(AppError);
    expect(validateInput(postJob.input, { title: '  t  ', category: 'data', constraints: ' x ' })).toMatchObject({ title: 't', constraints: 'x', posterVisibility: 'public' });
  });

  it('refuses unknown fields by name', () => {
    expect(() => rejectUnknownFields({ title: 1, budget: 2 }, new Set(['title']))).toThrow(/budget/);
    expect(() => rejectUnknownFields({ title: 1 }, new Set(['title']))).not.toThrow();
  });
});
