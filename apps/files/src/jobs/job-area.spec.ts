import { AppError } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { requireVisible, visibleTo } from './job-area.js';

describe("who sees a job's files", () => {
  const poster = { role: 'poster' as const, hireId: 'hire-2' };
  const newHire = { role: 'worker' as const, hireId: 'hire-2' };

  it('the poster sees every file, of every hire', () => {
    for (const file of [
      { folder: 'poster', hire_id: null },
      { folder: 'worker', hire_id: 'hire-1' },
      { folder: 'worker', hire_id: 'hire-2' },
    ]) {
      expect(visibleTo(poster, file)).toBe(true);
    }
  });

  it("a hire sees the poster folder and its own uploads, never an earlier hire's", () => {
    expect(visibleTo(newHire, { folder: 'poster', hire_id: 'hire-1' })).toBe(true);
    expect(visibleTo(newHire, { folder: 'poster', hire_id: null })).toBe(true);
    expect(visibleTo(newHire, { folder: 'worker', hire_id: 'hire-2' })).toBe(true);
    expect(visibleTo(newHire, { folder: 'worker', hire_id: 'hire-1' })).toBe(false);
    expect(visibleTo(newHire, { folder: 'worker', hire_id: null })).toBe(false);
  });

  it('a file the caller does not see is 404, as another job’s', () => {
    const refusal = (() => {
      try {
        requireVisible(newHire, { folder: 'worker', hire_id: 'hire-1' });
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(404);
  });
});
