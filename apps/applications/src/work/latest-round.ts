import type { EntityManager } from 'typeorm';

/** Records the poster's decision on the round under review; returns its number. */
export async function decideLatestRound(
  em: EntityManager, hireId: string, status: 'changes_requested' | 'approved', feedback: string | null,
): Promise<number> {
  const [rows] = (await em.query(
    `UPDATE submissions SET status = $2, feedback = $3, decided_at = now()
     WHERE id = (SELECT id FROM submissions WHERE hire_id = $1 ORDER BY round DESC LIMIT 1) AND status = 'submitted'
     RETURNING round`,
    [hireId, status, feedback],
  )) as [{ round: number }[], number];
  return rows[0]?.round ?? 0;
}
