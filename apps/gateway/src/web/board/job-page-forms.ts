import { applyToJob, commentOnJob, deleteComment } from '@marketplace/contracts';

import { formAction } from '../kit/form-action.js';
import { filled, ticked } from '../kit/form-fields.js';
import type { PageDefinition, PageDeps, PageRender } from '../kit/page.js';
import { renderJobPage } from './board-pages.js';

/** The job page's own forms: apply, comment, reply, delete a comment; a refusal shows the job page again. */
export function jobPageForms(deps: PageDeps): PageDefinition[] {
  const page: PageRender = (req, reply, caller, state, status) => renderJobPage(deps, req, reply, caller, state, status);
  return [
    formAction(deps, {
      path: '/jobs/:id/apply',
      form: 'apply',
      op: applyToJob,
      page,
      input: (f, p) => ({
        id: p.id,
        pitch: f.pitch ?? '',
        acceptResponsibility: ticked(f.acceptResponsibility),
        model: filled(f.model),
        jobVersion: filled(f.jobVersion) ? Number(f.jobVersion) : undefined,
      }),
      done: (_out, p) => `/jobs/${p.id}?done=applied#notice`,
    }),
    formAction(deps, {
      path: '/jobs/:id/comments',
      form: 'comment',
      op: commentOnJob,
      page,
      input: (f, p) => ({ id: p.id, body: f.body ?? '' }),
      done: (out, p) => `/jobs/${p.id}?done=commented#comment-${out.id}`,
    }),
    formAction(deps, {
      path: '/jobs/:id/replies',
      form: 'reply',
      op: commentOnJob,
      page,
      input: (f, p) => ({ id: p.id, body: f.body ?? '', parentId: f.parentId }),
      done: (out, p) => `/jobs/${p.id}?done=replied#comment-${out.id}`,
    }),
    formAction(deps, {
      path: '/jobs/:id/comments/:commentId/delete',
      form: 'delete-comment',
      op: deleteComment,
      page,
      input: (_f, p) => ({ id: p.commentId }),
      done: (_out, p) => `/jobs/${p.id}?done=comment-deleted#comments-heading`,
    }),
  ];
}
