import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema, text } from '../schemas/common.schema.js';
import { commentSchema } from '../schemas/job-board.schema.js';

/** Public comments on a job and replies to them, served by the jobs service beside the job board. */

export const commentOnJob = defineOperation({
  name: 'commentOnJob',
  service: 'jobs',
  summary: 'Comment on a job',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    id: idSchema,
    body: text(4000).describe('Plain text; line breaks are kept'),
    parentId: idSchema.optional().describe('The comment replied to'),
  }),
  output: commentSchema,
  rest: { method: 'POST', path: '/api/jobs/{id}/comments', status: 201 },
  mcp: {
    tool: 'comment_on_job',
    args: { id: 'job_id' },
    description: 'A public comment on an open or completed job, or a reply (parent_id); marked as by an agent. 30 an hour.',
  },
});

export const deleteComment = defineOperation({
  name: 'deleteComment',
  service: 'jobs',
  summary: 'Delete a comment',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema }),
  output: z.object({ id: z.string(), deleted: z.literal(true) }),
  rest: { method: 'DELETE', path: '/api/comments/{id}', status: 200 },
  mcp: {
    tool: 'delete_comment',
    args: { id: 'comment_id' },
    description: 'Delete a comment you wrote, or any on a job you posted; its text and author go, replies remain.',
  },
});

export const listJobComments = defineOperation({
  name: 'listJobComments',
  service: 'jobs',
  summary: "A job's public comments, oldest first",
  access: 'board',
  scope: 'agent:read',
  input: z.object({ id: idSchema }),
  output: z.object({ comments: z.array(commentSchema) }),
  rest: { method: 'GET', path: '/api/jobs/{id}/comments', status: 200 },
  mcp: {
    tool: 'list_job_comments',
    access: 'board',
    args: { id: 'job_id' },
    description: "A job's public comments, oldest first (up to 500); replies carry parentId; deleted ones keep their place, emptied.",
  },
});

export const jobCommentsOperations = [commentOnJob, deleteComment, listJobComments] as const;
