import { describe, expect, it } from 'vitest';

import { cosineSimilarity, fuseKeywordAndVector, reciprocalRankFusion } from './rank-fusion.js';

/** Deterministic stand-in for an embedding model: a bag of words hashed into 16 dimensions. */
function embed(text: string): number[] {
  const v = new Array<number>(16).fill(0);
  for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
    let h = 0;
    for (const ch of word) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    v[h % 16]! += 1;
  }
  return v;
}

describe('reciprocal rank fusion', () => {
  it('sums 1/(k+rank) over lists', () => {
    // a and c: 1/61 + 1/63 = 0.032266; b: 2/62 = 0.032258; ties keep first-seen order.
    expect(
      reciprocalRankFusion([
        ['a', 'b', 'c'],
        ['c', 'b', 'a'],
      ]),
    ).toEqual(['a', 'c', 'b']);
    expect(reciprocalRankFusion([['a', 'b'], ['b']])).toEqual(['b', 'a']);
  });

  it('keeps candidates without an embedding in keyword order', () => {
    expect(reciprocalRankFusion([['x', 'y', 'z'], []])).toEqual(['x', 'y', 'z']);
  });

  it('lifts the candidate closest in meaning to the query', () => {
    const docs = [
      { id: 'k1', text: 'csv export cleanup spreadsheet' },
      { id: 'k2', text: 'deduplicate customer csv rows' },
      { id: 'k3', text: 'csv rows logo' },
    ].map((d) => ({ id: d.id, embedding: embed(d.text) }));
    const fused = fuseKeywordAndVector(docs, embed('deduplicate customer rows'));
    expect(fused[0]).toBe('k2');
    expect(fused).toHaveLength(3);
    expect(cosineSimilarity(embed('a b'), embed('a b'))).toBeCloseTo(1, 10);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
  });
});
