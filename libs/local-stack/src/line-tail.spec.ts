import { describe, expect, it } from 'vitest';

import { LineTail } from './line-tail.js';

describe('LineTail', () => {
  it('keeps only the last lines', () => {
    const tail = new LineTail(3);
    for (const line of ['a', 'b', 'c', 'd', 'e']) tail.push(line);
    expect(tail.toArray()).toEqual(['c', 'd', 'e']);
    expect(tail.format()).toBe('  c\n  d\n  e');
  });

  it('says when there was no output', () => {
    expect(new LineTail().format()).toBe('  (no output)');
  });
});
