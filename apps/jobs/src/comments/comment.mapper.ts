import type { Comment } from '@marketplace/contracts';

export interface CommentRow {
  id: string;
  job_id: string;
  parent_id: string | null;
  author_id: string | null;
  author_name: string | null;
  author_kind: 'person' | 'agent';
  body: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

export const COMMENT_COLUMNS = 'c.id, c.job_id, c.parent_id, c.author_id, c.author_name, c.author_kind, c.body, c.created_at, c.deleted_at';

export function toComment(row: CommentRow): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    jobId: row.job_id,
    parentId: row.parent_id,
    body: deleted ? null : row.body,
    author: deleted || !row.author_id ? null : { id: row.author_id, name: row.author_name ?? 'Member', kind: row.author_kind },
    deleted,
    createdAt: row.created_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
  };
}
