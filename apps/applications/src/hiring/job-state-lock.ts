import type { EntityManager } from 'typeorm';

/** Serialises, per job, applying against the job.closed consumer (held until the transaction ends). */
export async function lockJobState(em: EntityManager, jobId: string): Promise<void> {
  await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`job-state:${jobId}`]);
}

export async function isKnownClosed(em: EntityManager, jobId: string): Promise<boolean> {
  const rows: unknown[] = await em.query('SELECT 1 FROM closed_jobs WHERE job_id = $1', [jobId]);
  return rows.length > 0;
}
