import { affected, type Db, first, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** Who posted the job, when it exists. */
export function jobOwner(on: Db, jobId: string) {
  return first(on, db.selectFrom('jobs').select('poster_id as owner_id').where('id', '=', jobId));
}

/** Who wrote the comment (null once their account was deleted), when it exists and was not deleted. */
export function commentOwner(on: Db, commentId: string) {
  return first(on, db.selectFrom('job_comments').select('author_id as owner_id').where('id', '=', commentId).where('deleted_at', 'is', null));
}

/** The job, locked for a moderation decision, with the text the decision is about. */
export function lockJobForModeration(on: Db, jobId: string) {
  return first(on, db.selectFrom('jobs').select(['poster_id', 'title', 'constraints']).where('id', '=', jobId).forUpdate());
}

/** Staff remove (hide) or restore a job; a staff decision outranks a suspension's hiding. */
export function setJobRemoved(on: Db, jobId: string, removed: boolean): Promise<number> {
  return affected(on, db.updateTable('jobs').set({ safety_hidden: removed, suspension_hidden: false }).where('id', '=', jobId));
}

/** The comment, locked for a moderation decision, with the text the decision is about. */
export function lockCommentForModeration(on: Db, commentId: string) {
  return first(on, db.selectFrom('job_comments').select(['author_id', 'body', 'job_id', 'deleted_at']).where('id', '=', commentId).forUpdate());
}

/** Staff remove a comment (keeping the first removal time) or restore it; its text stays for a restore. */
export function setCommentRemoved(on: Db, commentId: string, removed: boolean): Promise<number> {
  return affected(
    on,
    db
      .updateTable('job_comments')
      .set({ removed_at: removed ? sql<Date>`coalesce(removed_at, now())` : null })
      .where('id', '=', commentId),
  );
}
