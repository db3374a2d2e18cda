import { affected, type Db, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** The job's text and visibility moved to a new version, with the preferred workers as now named. */
export function updateJobText(
  on: Db,
  id: string,
  next: {
    title: string;
    category: string;
    constraints: string;
    posterVisibility: string;
    version: number;
    updatedAt: Date;
    preferredWorkers: string[];
  },
): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set({
        title: next.title,
        category: next.category,
        constraints: next.constraints,
        poster_visibility: next.posterVisibility,
        version: next.version,
        updated_at: next.updatedAt,
        preferred_workers: JSON.stringify(next.preferredWorkers),
      })
      .where('id', '=', id),
  );
}

/** Only the preferred workers' references changed. */
export function updatePreferredWorkers(on: Db, id: string, references: string[]): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set({ preferred_workers: JSON.stringify(references) })
      .where('id', '=', id),
  );
}

/** The poster closes their open job. */
export function closeOwnJob(on: Db, id: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set({ status: 'closed', closed_at: sql<Date>`now()` })
      .where('id', '=', id),
  );
}
