import type { AppError, ApplicationStatus } from '@marketplace/contracts';
import type { UnitOfWork } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { type ApplicationKey, type ApplicationRow, findApplication, setApplicationDecision } from './applications.queries.js';

/** One decision that ends a waiting application (declined by its poster, withdrawn by its applicant). */
export interface WaitingDecision {
  /** The application as the caller may see it: on the poster's jobs, or the applicant's own. */
  where: ApplicationKey;
  notFound: AppError;
  /** States that read as not found to this caller (a withdrawn application is gone for its poster). */
  hidden: readonly ApplicationStatus[];
  /** The answer when the application is no longer waiting. */
  refused: (status: ApplicationStatus) => AppError;
  to: 'declined' | 'withdrawn';
  /** The event of the decision, in its unit of work. */
  record: (em: EntityManager, row: ApplicationRow, decidedAt: Date) => Promise<unknown>;
}

/**
 * The application before the decision, for what the answer needs from other services: it is read
 * first, so an unavailable service refuses the call before anything commits, rather than turning
 * a decision already made into a 503.
 */
export async function waitingBefore(uow: UnitOfWork, d: WaitingDecision): Promise<ApplicationRow> {
  const before = await uow.run((em) => findApplication(em, d.where));
  if (!before || d.hidden.includes(before.status)) throw d.notFound;
  return before;
}

/** Decides the application under its row lock: still waiting, or refused; the status, time and event in one unit of work. */
export function decideWaiting(uow: UnitOfWork, d: WaitingDecision): Promise<ApplicationRow> {
  return uow.run(async (em) => {
    const row = await findApplication(em, d.where, { forUpdate: true });
    if (!row || d.hidden.includes(row.status)) throw d.notFound;
    if (row.status !== 'submitted') throw d.refused(row.status);
    row.status = d.to;
    row.decided_at = new Date();
    await setApplicationDecision(em, row.id, row.status, row.decided_at);
    await d.record(em, row, row.decided_at);
    return row;
  });
}
