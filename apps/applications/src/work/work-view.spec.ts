import { describe, expect, it } from 'vitest';

import type { HireStatus } from '../hiring/hire.entity.js';
import type { HireRow } from '../hiring/hiring.queries.js';
import { actionsFor, reasonFor, roleOf, waitsOn } from './work-view.js';

const hire = (status: HireStatus, cancelRequestedAt: Date | null = null) =>
  ({ status, cancel_requested_at: cancelRequestedAt, poster_id: 'p', worker_id: 'w' }) as HireRow;

describe('what hired work waits on and who can act', () => {
  it('names the side the work waits on', () => {
    expect(waitsOn('in_progress')).toBe('worker');
    expect(waitsOn('changes_requested')).toBe('worker');
    expect(waitsOn('submitted')).toBe('poster');
    expect(waitsOn('rating')).toBe('worker');
    expect(waitsOn('completed')).toBeNull();
  });

  it('gives each role the steps of the state table', () => {
    expect(actionsFor(hire('in_progress'), 'worker')).toEqual(['submit', 'cancel']);
    expect(actionsFor(hire('in_progress'), 'poster')).toEqual(['requestCancellation', 'remind']);
    expect(actionsFor(hire('in_progress', new Date()), 'poster')).toEqual(['remind']);
    expect(actionsFor(hire('submitted'), 'poster')).toEqual(['requestChanges', 'approve', 'requestCancellation']);
    expect(actionsFor(hire('submitted'), 'worker')).toEqual(['cancel', 'remind']);
    expect(actionsFor(hire('changes_requested'), 'worker')).toEqual(['submit', 'cancel']);
    expect(actionsFor(hire('rating'), 'worker')).toEqual(['rate']);
    expect(actionsFor(hire('rating'), 'poster')).toEqual(['remind']);
    expect(actionsFor(hire('completed'), 'worker')).toEqual([]);
    expect(actionsFor(hire('submitted'), 'admin')).toEqual(['cancel']);
    expect(actionsFor(hire('rating'), 'admin')).toEqual([]);
  });

  it('reads the same reason for both sides and names the round', () => {
    expect(reasonFor('submitted', 2)).toMatch(/poster.*round 2/);
    expect(reasonFor('changes_requested', 1)).toMatch(/worker.*round 2/);
  });

  it('finds the caller role, staff last', () => {
    expect(roleOf(hire('submitted'), 'w', true)).toBe('worker');
    expect(roleOf(hire('submitted'), 'p', false)).toBe('poster');
    expect(roleOf(hire('submitted'), 'x', true)).toBe('admin');
    expect(roleOf(hire('submitted'), 'x', false)).toBeNull();
  });
});
