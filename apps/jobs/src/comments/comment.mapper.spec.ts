import { describe, expect, it } from 'vitest';

import { type CommentRow, toComment } from './comment.mapper.js';

const poster = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const row = (authorId: string, name: string): CommentRow => ({
  id: '33333333-3333-4333-8333-333333333333',
  job_id: '44444444-4444-4444-8444-444444444444',
  parent_id: null,
  author_id: authorId,
  author_name: name,
  author_kind: 'person',
  body: 'Hello',
  created_at: new Date(0),
  deleted_at: null,
  removed_at: null,
});

describe('toComment', () => {
  it('masks the poster of an anonymous job on their own comments', () => {
    const c = toComment(row(poster, 'Pat Poster'), { poster_id: poster, poster_visibility: 'anonymous' });
    expect(c.author).toEqual({ id: null, name: 'Anonymous poster', kind: 'person' });
  });

  it('leaves other commenters, and the poster of a public job, named', () => {
    expect(toComment(row(other, 'Ann'), { poster_id: poster, poster_visibility: 'anonymous' }).author).toEqual({ id: other, name: 'Ann', kind: 'person' });
    expect(toComment(row(poster, 'Pat Poster'), { poster_id: poster, poster_visibility: 'public' }).author).toEqual({
      id: poster,
      name: 'Pat Poster',
      kind: 'person',
    });
  });

  it("shows a deleted account's comment without its id, under the name the deletion left", () => {
    const gone = { ...row(other, 'Ann'), author_id: null, author_name: 'Deleted member' };
    expect(toComment(gone, { poster_id: poster, poster_visibility: 'public' }).author).toEqual({ id: null, name: 'Deleted member', kind: 'person' });
    expect(toComment({ ...gone, author_name: null, deleted_at: new Date(1) }, { poster_id: poster, poster_visibility: 'public' }).author).toBeNull();
  });

  it('hides the text and author of a comment moderators removed, and says so', () => {
    const c = toComment({ ...row(other, 'Ann'), removed_at: new Date(1) }, { poster_id: poster, poster_visibility: 'public' });
    expect(c).toMatchObject({ body: null, author: null, removed: true, deleted: false });
  });
});
