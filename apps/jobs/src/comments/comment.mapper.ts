import { ANONYMOUS_POSTER_NAME, type Comment } from '@marketplace/contracts';

import type { CommentJob, CommentRow } from './comments.queries.js';

export type { CommentJob, CommentRow } from './comments.queries.js';

/**
 * An anonymous job's poster is masked on their own comments exactly as on the job (null id,
 * `Anonymous poster`), judged by the job's current visibility, so the comment never links the
 * job to the member. A deleted account's comments keep no author id, only the name the deletion
 * left (`Deleted member`); a deleted comment keeps neither.
 */
export function toComment(row: CommentRow, job: CommentJob): Comment {
  const deleted = row.deleted_at !== null;
  const removed = row.removed_at !== null;
  const hidden = deleted || removed;
  const masked = job.poster_visibility === 'anonymous' && row.author_id === job.poster_id;
  return {
    id: row.id,
    jobId: row.job_id,
    parentId: row.parent_id,
    body: hidden ? null : row.body,
    author: hidden
      ? null
      : !row.author_id
        ? row.author_name
          ? { id: null, name: row.author_name, kind: row.author_kind }
          : null
        : masked
          ? { id: null, name: ANONYMOUS_POSTER_NAME, kind: row.author_kind }
          : { id: row.author_id, name: row.author_name ?? 'Member', kind: row.author_kind },
    deleted,
    removed,
    createdAt: row.created_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
  };
}
