import { type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import { advisoryLock } from '../hiring/hiring.queries.js';

type Contact = { name: string; email: string };
export type TeamApplicationShape = { candidate_contact: Contact | null; team_contact: Contact | null };
export type TeamApplicationRow = Omit<Selectable<DB['team_applications']>, keyof TeamApplicationShape> & TeamApplicationShape;
export type CandidateRow = Selectable<DB['candidates']>;

const teamApplications = () => db.selectFrom('team_applications').selectAll().$narrowType<TeamApplicationShape>();

export function candidate(on: Db, memberId: string): Promise<CandidateRow | undefined> {
  return first(on, db.selectFrom('candidates').selectAll().where('member_id', '=', memberId));
}

/** Saves the member's candidate profile (work authorisation is always confirmed when saving). */
export async function saveCandidate(on: Db, memberId: string, state: string): Promise<void> {
  await rows(
    on,
    db
      .insertInto('candidates')
      .values({ member_id: memberId, state, us_work_authorized: true, updated_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          us_work_authorized: true,
          updated_at: sql<Date>`now()`,
        })),
      ),
  );
}

/** A new waiting application, unless the candidate already applied to the job; returns its id when written. */
export function insertTeamApplication(
  on: Db,
  a: Omit<TeamApplicationRow, 'status' | 'decided_at' | 'candidate_contact' | 'team_contact'>,
): Promise<{ id: string } | undefined> {
  return first(
    on,
    db
      .insertInto('team_applications')
      .values({ ...a, status: 'submitted' })
      .onConflict((oc) => oc.columns(['job_id', 'candidate_id']).doNothing())
      .returning('id'),
  );
}

/** The application, or undefined; `candidateId` narrows it to the candidate's own. */
export function teamApplication(on: Db, id: string, candidateId?: string): Promise<TeamApplicationRow | undefined> {
  let query = teamApplications().where('id', '=', id);
  if (candidateId !== undefined) query = query.where('candidate_id', '=', candidateId);
  return first(on, query);
}

/** The application, locked for the rest of the transaction. */
export function teamApplicationForUpdate(on: Db, id: string): Promise<TeamApplicationRow | undefined> {
  return first(on, teamApplications().where('id', '=', id).forUpdate());
}

/** The candidate's applications, newest first. */
export function candidateApplications(on: Db, candidateId: string): Promise<TeamApplicationRow[]> {
  return rows(on, teamApplications().where('candidate_id', '=', candidateId).orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/** The job's applications but the withdrawn ones, oldest first. */
export function teamJobApplications(on: Db, jobId: string): Promise<TeamApplicationRow[]> {
  return rows(on, teamApplications().where('job_id', '=', jobId).where('status', '<>', 'withdrawn').orderBy('created_at', 'asc').orderBy('id', 'asc'));
}

/** The job's applications in one status. */
export function teamJobApplicationsIn(on: Db, jobId: string, status: string): Promise<TeamApplicationRow[]> {
  return rows(on, teamApplications().where('job_id', '=', jobId).where('status', '=', status));
}

/** Withdraws the candidate's application if still waiting; returns whether it did. */
export async function withdrawTeamApplication(on: Db, id: string, candidateId: string): Promise<boolean> {
  const done = await rows(
    on,
    db
      .updateTable('team_applications')
      .set({ status: 'withdrawn', decided_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('candidate_id', '=', candidateId)
      .where('status', '=', 'submitted')
      .returning('id'),
  );
  return done.length > 0;
}

/** Serialises accepting applications to one team job (held until the transaction ends). */
export function lockTeamJobHiring(on: Db, jobId: string): Promise<void> {
  return advisoryLock(on, `team-hire:${jobId}`);
}

export async function hasAcceptedTeamApplication(on: Db, jobId: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('team_applications')
      .select(sql<number>`1`.as('one'))
      .where('job_id', '=', jobId)
      .where('status', '=', 'accepted')
      .limit(1),
  );
  return found.length > 0;
}

/** Marks the application accepted, with each side's contact for the other. */
export async function markTeamApplicationAccepted(on: Db, id: string, decidedAt: Date, candidateContact: Contact, teamContact: Contact): Promise<void> {
  await rows(
    on,
    db
      .updateTable('team_applications')
      .set({
        status: 'accepted',
        decided_at: decidedAt,
        candidate_contact: JSON.stringify(candidateContact),
        team_contact: JSON.stringify(teamContact),
      })
      .where('id', '=', id),
  );
}

/** Declines the job's waiting applications but the hired one. */
export async function declineOtherTeamApplications(on: Db, jobId: string, hiredId: string, decidedAt: Date): Promise<void> {
  await rows(
    on,
    db
      .updateTable('team_applications')
      .set({ status: 'declined', decided_at: decidedAt })
      .where('job_id', '=', jobId)
      .where('status', '=', 'submitted')
      .where('id', '<>', hiredId),
  );
}

/** Declines the application if still waiting; returns whether it did. */
export async function declineIfWaiting(on: Db, id: string, decidedAt: Date): Promise<boolean> {
  const done = await rows(
    on,
    db
      .updateTable('team_applications')
      .set({ status: 'declined', decided_at: decidedAt })
      .where('id', '=', id)
      .where('status', '=', 'submitted')
      .returning('id'),
  );
  return done.length > 0;
}
