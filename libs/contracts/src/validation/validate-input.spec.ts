import { describe, expect, it } from 'vitest';

import { AppError } from '../errors/app-error.js';
import { editJob, listOpenJobs, postJob } from '../operations/jobs.operations.js';
import { MAX_INPUT_DEPTH, rejectUnknownFields, unsafeInputFields, validateInput } from './validate-input.js';

describe('validateInput', () => {
  it('applies defaults', () => {
    expect(validateInput(listOpenJobs.input, {})).toMatchObject({ limit: 100, offset: 0, sort: 'newest' });
  });

  it("names every invalid field under the caller's wire names", () => {
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
    expect(validateInput(postJob.input, { title: '  t  ', category: 'data', constraints: ' x ' })).toMatchObject({
      title: 't',
      constraints: 'x',
      posterVisibility: 'public',
    });
  });

  it('refuses unknown fields by name', () => {
    expect(() => rejectUnknownFields({ title: 1, budget: 2 }, new Set(['title']))).toThrow(/budget/);
    expect(() => rejectUnknownFields({ title: 1 }, new Set(['title']))).not.toThrow();
  });
});

describe('text the database cannot store, and runaway nesting', () => {
  const job = { title: 'Clean a CSV', category: 'data', constraints: 'Deduplicate rows.' };
  const refusal = (run: () => unknown): AppError => {
    try {
      run();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    }
    throw new Error('expected a refusal');
  };

  it('refuses a NUL anywhere in a string with 400, naming the field under its wire name', () => {
    const err = refusal(() => validateInput(postJob.input, { ...job, title: 'a\u0000b' }, (k) => (k === 'title' ? 'job_title' : k)));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Invalid field: job_title.');
    expect(err.extra.fields).toEqual({ job_title: 'Must not contain NUL (U+0000) characters.' });
  });

  it('refuses unpaired surrogates, even where the schema would pass the text on (inside arrays too)', () => {
    expect(refusal(() => validateInput(postJob.input, { ...job, title: '\ud800' })).extra.fields).toEqual({
      title: expect.stringMatching(/unpaired surrogate/),
    });
    expect(refusal(() => validateInput(editJob.input, { id: 'j1', preferredWorkers: ['ok', 'x\udc00'] })).extra.fields).toEqual({
      'preferredWorkers.1': expect.stringMatching(/unpaired surrogate/),
    });
  });

  it('accepts paired surrogates (emoji) and other unusual but valid text', () => {
    expect(validateInput(postJob.input, { ...job, title: 'Fix 🐛 in the \u202e parser' }).title).toBe('Fix 🐛 in the \u202e parser');
  });

  it('checks object keys, names each field once, and runs before the schema (even for unknown types)', () => {
    expect(unsafeInputFields({ notes: { 'a\u0000': 1 } })).toEqual({ 'notes.a\u0000': expect.stringMatching(/NUL/) });
    expect(unsafeInputFields({ list: Array.from({ length: 100_000 }, () => '\u0000'), ok: 'fine' })).toEqual({ 'list.0': expect.stringMatching(/NUL/) });
    expect(unsafeInputFields('\u0000')).toEqual({ _: expect.stringMatching(/NUL/) });
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels without overflowing the stack`, () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const fields = unsafeInputFields({ skills: deep });
    expect(Object.keys(fields)).toHaveLength(1);
    expect(Object.values(fields)[0]).toMatch(/Nested too deeply/);
    let shallow: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) shallow = [shallow];
    expect(unsafeInputFields({ skills: shallow })).toEqual({});
  });
});
