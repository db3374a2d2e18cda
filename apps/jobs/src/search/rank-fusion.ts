/**
 * Hybrid search without a vector index: keyword (or filter) candidates are re-ranked by the
 * cosine similarity of stored embeddings, and the two orders are fused with reciprocal rank
 * fusion, which needs no score calibration between ts_rank and cosine similarity.
 */
export const RRF_K = 60;

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Each list is ids best first; an id's score is the sum of 1 / (k + rank) over the lists holding it. */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], k = RRF_K): string[] {
  const score = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  let order = 0;
  for (const list of lists) {
    list.forEach((id, index) => {
      score.set(id, (score.get(id) ?? 0) + 1 / (k + index + 1));
      if (!firstSeen.has(id)) firstSeen.set(id, order++);
    });
  }
  return [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || firstSeen.get(a)! - firstSeen.get(b)!);
}

/** Keyword order fused with the order by similarity to the query's embedding. */
export function fuseKeywordAndVector(
  keywordRanked: readonly { id: string; embedding: readonly number[] | null }[],
  queryEmbedding: readonly number[],
): string[] {
  const byMeaning = keywordRanked
    .filter((c) => c.embedding !== null)
    .map((c) => ({ id: c.id, sim: cosineSimilarity(c.embedding!, queryEmbedding) }))
    .sort((a, b) => b.sim - a.sim)
    .map((c) => c.id);
  return reciprocalRankFusion([keywordRanked.map((c) => c.id), byMeaning]);
}
