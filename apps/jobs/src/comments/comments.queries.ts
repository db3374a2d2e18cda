import { affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import { publiclyReadable } from '../jobs/jobs.queries.js';

/** What a comment shows. */
const COLUMNS = ['id', 'job_id', 'parent_id', 'author_id', 'author_name', 'author_kind', 'body', 'created_at', 'deleted_at', 'removed_at'] as const;
const COMMENT_COLUMNS = COLUMNS.map((c) => `c.${c}` as const);

/** A comment's author is a person or an agent; the service writes nothing else. */
interface CommentVocabulary {
  author_kind: 'person' | 'agent';
}

export type CommentRow = Omit<Selectable<DB['job_comments']>, 'author_kind'> & CommentVocabulary;

/** The job a comment hangs on, as far as masking its poster's comments goes. */
export interface CommentJob {
  poster_id: string;
  poster_visibility: 'public' | 'anonymous';
}

/** A job the public may read, with what comments on it need (its poster, their visibility, its title). */
export function findCommentableJob(on: Db, jobId: string) {
  return first(
    on,
    db
      .selectFrom('jobs as j')
      .select(['j.poster_id', 'j.poster_visibility', 'j.title'])
      .$narrowType<Pick<CommentJob, 'poster_visibility'>>()
      .where('j.id', '=', jobId)
      .where(publiclyReadable),
  );
}

/** A job's comments, oldest first, at most `limit`. */
export function commentsOfJob(on: Db, jobId: string, limit: number): Promise<CommentRow[]> {
  return rows(
    on,
    db
      .selectFrom('job_comments as c')
      .select(COMMENT_COLUMNS)
      .$narrowType<CommentVocabulary>()
      .where('c.job_id', '=', jobId)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .limit(sql.lit(limit)),
  );
}

/** The comment replied to, on that job. */
export function findParentComment(on: Db, id: string, jobId: string) {
  return first(on, db.selectFrom('job_comments').select(['author_id', 'deleted_at']).where('id', '=', id).where('job_id', '=', jobId));
}

/** The top-level comment of the thread a comment is in (its own id when it is one). */
export async function threadRootOf(on: Db, id: string, jobId: string): Promise<string | undefined> {
  const row = await first(
    on,
    db
      .withRecursive('up(id, parent_id)', (q) =>
        q
          .selectFrom('job_comments')
          .select(['id', 'parent_id'])
          .where('id', '=', id)
          .where('job_id', '=', jobId)
          .unionAll(q.selectFrom('job_comments as c').innerJoin('up', 'c.id', 'up.parent_id').select(['c.id', 'c.parent_id']).where('c.job_id', '=', jobId)),
      )
      .selectFrom('up')
      .select('id')
      .where('parent_id', 'is', null)
      .limit(1),
  );
  return row?.id;
}

export interface NewComment {
  id: string;
  jobId: string;
  parentId: string | null;
  authorId: string;
  authorName: string;
  authorKind: 'person' | 'agent';
  body: string;
}

/** A new comment, as it reads once written. */
export async function insertComment(on: Db, c: NewComment): Promise<CommentRow> {
  const row = await first(
    on,
    db
      .insertInto('job_comments')
      .values({
        id: c.id,
        job_id: c.jobId,
        parent_id: c.parentId,
        author_id: c.authorId,
        author_name: c.authorName,
        author_kind: c.authorKind,
        body: c.body,
      })
      .returning(COLUMNS)
      .$narrowType<CommentVocabulary>(),
  );
  if (!row) throw new Error('an inserted comment returned no row');
  return row;
}

/** A comment of a publicly readable job, locked for deleting, with its job's poster. */
export function lockCommentOfReadableJob(on: Db, id: string) {
  return first(
    on,
    db
      .selectFrom('job_comments as c')
      .innerJoin('jobs as j', 'j.id', 'c.job_id')
      .select(['c.author_id', 'c.deleted_at', 'j.poster_id'])
      .where('c.id', '=', id)
      .where(publiclyReadable)
      .forUpdate('c'),
  );
}

/** A deleted comment keeps its row (and replies) but loses its text and author. */
export function markCommentDeleted(on: Db, id: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('job_comments')
      .set({ body: null, author_id: null, author_name: null, deleted_at: sql<Date>`now()` })
      .where('id', '=', id),
  );
}
