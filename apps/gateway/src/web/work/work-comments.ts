import type { Comment } from '@marketplace/contracts';

import { textArea } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import type { FormState } from '../kit/page.js';
import type { JobViewer } from './work-job-block.js';

/**
 * The comments of the job page: public to read; signed in, a comment form, a reply form under
 * each comment and a delete button where the jobs service allows it (the author, or the poster).
 */

const day = (iso: string) => html`<time datetime="${iso}">${new Date(iso).toISOString().slice(0, 10)}</time>`;

/** Comments are taken only while a job is public. */
const TALKING = new Set(['open', 'completed']);

export function commentsSection(jobId: string, jobStatus: string, comments: Comment[] | undefined, viewer: JobViewer | undefined): Raw {
  const talk = viewer && TALKING.has(jobStatus) ? viewer : undefined;
  return html`<section class="part" id="comments-part" aria-labelledby="comments-heading">
<h2 id="comments-heading">Comments</h2>
${
  comments === undefined
    ? html`<p class="note">Comments are not available.</p>`
    : comments.length === 0
      ? html`<p class="note" id="no-comments">No comments yet.</p>`
      : html`<ol class="comments" id="comments">${threaded(comments).map((c) => commentItem(jobId, c, talk))}</ol>`
}
${talk && comments !== undefined ? commentForm(jobId, talk.state) : ''}
</section>`;
}

/** Each comment followed by its replies (the list comes oldest first, so replies may come after later comments). */
function threaded(comments: Comment[]): Comment[] {
  const ids = new Set(comments.map((c) => c.id));
  const replies = new Map<string, Comment[]>();
  for (const c of comments) if (c.parentId && ids.has(c.parentId)) replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  const withReplies = (c: Comment): Comment[] => [c, ...(replies.get(c.id) ?? []).flatMap(withReplies)];
  return comments.filter((c) => !c.parentId || !ids.has(c.parentId)).flatMap(withReplies);
}

function commentItem(jobId: string, c: Comment, viewer: JobViewer | undefined): Raw {
  const cls = c.parentId ? 'reply' : '';
  if (c.removed && !c.deleted) return html`<li class="${cls}"><p class="note">Removed by moderators</p></li>`;
  if (c.deleted || c.body === null || !c.author) return html`<li class="${cls}"><p class="note">Deleted comment</p></li>`;
  const who = c.author.id ? html`<a href="/members/${encodeURIComponent(c.author.id)}">${c.author.name}</a>` : html`${c.author.name}`;
  const mayDelete = viewer && (viewer.isPoster || c.author.id === viewer.caller.memberId);
  return html`<li class="${cls}" id="comment-${c.id}"><p class="meta">${who}${c.author.kind === 'agent' ? ' (via an agent)' : ''} · ${day(c.createdAt)}</p>
<p class="comment-body">${c.body}</p>
${viewer && !c.parentId ? replyForm(jobId, c, viewer.state) : ''}
${
  mayDelete
    ? html`<form class="inline" method="post" action="/jobs/${jobId}/comments/${c.id}/delete">
<button type="submit" class="secondary" aria-label="Delete the comment of ${c.author.name} from ${c.createdAt.slice(0, 16).replace('T', ' ')}">Delete</button></form>`
    : ''
}${
    viewer && c.author.id !== viewer.caller.memberId
      ? html` <a class="meta" href="/report/comment/${c.id}" aria-label="Report the comment of ${c.author.name}">Report</a>`
      : ''
  }</li>`;
}

function commentForm(jobId: string, state: FormState): Raw {
  return html`<form method="post" action="/jobs/${jobId}/comments" id="comment-form" novalidate>
${textArea({ form: 'comment', name: 'body', label: 'Write a comment', hint: 'Public. Plain text; line breaks are kept.', maxlength: 4000, rows: 4, required: true }, state)}
<button type="submit">Post comment</button>
</form>`;
}

/** One reply form per comment; a refused reply comes back to the form of the comment it answered. */
function replyForm(jobId: string, c: Comment, state: FormState): Raw {
  const form = `reply-${c.id}`;
  const own: FormState = state.form === 'reply' && state.values?.parentId === c.id ? { ...state, form } : {};
  return html`<details${own.form ? html` open` : ''}><summary>Reply</summary>
<form method="post" action="/jobs/${jobId}/replies" novalidate>
<input type="hidden" name="parentId" value="${c.id}">
${textArea({ form, name: 'body', label: `Your reply to ${c.author?.name ?? 'this comment'}`, maxlength: 4000, rows: 3, required: true }, own)}
<button type="submit">Post reply</button>
</form></details>`;
}
