import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, text } from '../schemas/common.schema.js';
import { CONTENT_KINDS, CONTENT_REPORT_REASONS, CONTENT_REPORT_STATUSES, nextOffsetSchema, reportPageInput } from './help.operations.js';

/**
 * Moderation (contract: "Help and safety", "Other state sets"): staff work through the queue of
 * content reports, dismiss a report or remove the content with a recorded reason, and restore
 * removed content after an appeal. Every decision is appended to an audit log that staff can
 * read and nobody can change. Content is removed where it lives: a removed job (jobs) is
 * `safetyHidden` and leaves every public read; a removed comment (jobs) shows as removed; a removed
 * member (identity) keeps their name but loses their public profile text and photo; a removed
 * message (applications) shows as removed to both sides of the conversation.
 */

/** What the jobs service holds of the content members report (CONTENT_KINDS); everything reported can be taken down. */
export const JOBS_CONTENT_KINDS = ['job', 'comment'] as const;
export const MODERATION_ACTIONS = ['dismiss', 'remove'] as const;
export const AUDIT_ACTIONS = [
  'dismiss',
  'remove',
  'restore',
  'invite_from_waitlist',
  'suspend',
  'lift_suspension',
  'reply_to_help_request',
  'set_help_request_status',
] as const;

const reasonSchema = text(1000).describe('Recorded in the audit log and sent to the owner');

/** A content report as staff see it: the reporter, and the staff-only note and evidence. */
export const staffContentReportSchema = z
  .object({
    id: z.string(),
    reporterId: z.string(),
    kind: z.enum(CONTENT_KINDS),
    itemId: z.string(),
    reason: z.enum(CONTENT_REPORT_REASONS),
    details: z.string().nullable(),
    status: z.enum(CONTENT_REPORT_STATUSES).describe('open; dismissed (also after a restore); removed'),
    createdAt: dateTimeSchema,
    decidedAt: dateTimeSchema.nullable(),
    decidedBy: z.string().nullable().describe('The staff member who decided'),
    staffNote: z.string().nullable().describe('The reason recorded with the decision (staff only)'),
    evidence: z.record(z.string(), z.unknown()).nullable().describe('What the content looked like when removed (staff only)'),
    restoredAt: dateTimeSchema.nullable().describe('When removed content was restored after an appeal'),
  })
  .describe('A content report, for staff');

export const listContentReports = defineOperation({
  name: 'listContentReports',
  service: 'admin',
  summary: 'The moderation queue: content reports, oldest open first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: z.object({
    ...reportPageInput,
    status: z
      .enum(CONTENT_REPORT_STATUSES, { error: `One of: ${CONTENT_REPORT_STATUSES.join(', ')}.` })
      .default('open')
      .describe('Reports in this state (default open: the queue)'),
  }),
  output: z.object({ reports: z.array(staffContentReportSchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/content-reports', status: 200 },
  mcp: {
    tool: 'list_content_reports',
    description: 'Content reports in a state (default open), oldest first, with reporter, reason and details. Staff only; page on with nextOffset.',
  },
});

export const decideContentReport = defineOperation({
  name: 'decideContentReport',
  service: 'admin',
  summary: 'Dismiss a content report, or remove the reported content (staff)',
  access: 'staff',
  scope: 'agent:write',
  input: z.object({
    id: idSchema.describe('Content report id'),
    action: z.enum(MODERATION_ACTIONS, { error: `One of: ${MODERATION_ACTIONS.join(', ')}.` }).describe('dismiss: the content stays; remove: it is taken down'),
    reason: reasonSchema,
  }),
  output: staffContentReportSchema,
  rest: { method: 'POST', path: '/api/admin/content-reports/{id}/decision', status: 200 },
  mcp: {
    tool: 'decide_content_report',
    args: { id: 'report_id' },
    description: 'remove takes the item down (shown as removed), dismiss leaves it; decides every open report on it, tells the owner. Staff only.',
  },
});

export const restoreContent = defineOperation({
  name: 'restoreContent',
  service: 'admin',
  summary: 'Restore removed content after an appeal (staff)',
  access: 'staff',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Content report whose removal is undone'), reason: reasonSchema }),
  output: staffContentReportSchema,
  rest: { method: 'POST', path: '/api/admin/content-reports/{id}/restore', status: 200 },
  mcp: {
    tool: 'restore_content',
    args: { id: 'report_id' },
    description: 'After an appeal, restore removed content with a reason: the report reads dismissed, the owner is told. 409 if not removed. Staff only.',
  },
});

export const auditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().describe('The staff member who acted'),
    action: z.enum(AUDIT_ACTIONS),
    targetKind: z.string().describe('job, comment, member, message, waitlist or help_request'),
    targetId: z.string(),
    reportId: z.string().nullable(),
    reason: z.string().nullable(),
    createdAt: dateTimeSchema,
  })
  .describe('One staff action; entries are never changed or deleted');

export const listAuditLog = defineOperation({
  name: 'listAuditLog',
  service: 'admin',
  summary: 'Every staff action, newest first (staff)',
  access: 'staff',
  scope: 'agent:read',
  input: z.object({ ...reportPageInput }),
  output: z.object({ entries: z.array(auditEntrySchema), nextOffset: nextOffsetSchema }),
  rest: { method: 'GET', path: '/api/admin/audit-log', status: 200 },
  mcp: {
    tool: 'list_audit_log',
    description:
      'The staff audit log, newest first: who dismissed, removed or restored what and why, waitlist invitations, suspensions, and replies to and status changes of help requests. Staff only.',
  },
});

const contentRemovalOutput = z.object({
  found: z.boolean(),
  ownerId: z.string().nullable().describe('Who the content belongs to (poster, author, member, sender); null when unknown'),
  evidence: z.record(z.string(), z.unknown()).nullable().describe('What the content says, kept with the decision'),
});

/**
 * Takes reported content down or puts it back, where it lives (admin's moderation, over the bus).
 * Setting the same state again changes nothing, so admin may retry or undo after its own failure.
 */
export const setContentRemoved = defineOperation({
  name: 'setContentRemoved',
  service: 'jobs',
  summary: 'Remove or restore a job or comment (moderation, service-to-service)',
  access: 'internal',
  callers: ['admin'],
  input: z.object({ kind: z.enum(JOBS_CONTENT_KINDS), itemId: z.string(), removed: z.boolean() }),
  output: contentRemovalOutput,
});

export const setMemberRemoved = defineOperation({
  name: 'setMemberRemoved',
  service: 'identity',
  summary: "Hide or show again a member's public profile (moderation, service-to-service)",
  access: 'internal',
  callers: ['admin'],
  input: z.object({ itemId: z.string(), removed: z.boolean() }),
  output: contentRemovalOutput,
});

export const setMessageRemoved = defineOperation({
  name: 'setMessageRemoved',
  service: 'applications',
  summary: 'Remove or restore a message in an application conversation (moderation, service-to-service)',
  access: 'internal',
  callers: ['admin'],
  input: z.object({ itemId: z.string(), removed: z.boolean() }),
  output: contentRemovalOutput,
});

const reportedContentOutput = z.object({
  found: z.boolean(),
  ownerId: z.string().nullable().describe('Who the content belongs to; null when unknown'),
});

/** Whether a reported job or comment exists, before admin files the report. */
export const findReportedJobContent = defineOperation({
  name: 'findReportedJobContent',
  service: 'jobs',
  summary: 'Whether a reported job or comment exists (service-to-service)',
  access: 'internal',
  callers: ['admin'],
  input: z.object({ kind: z.enum(JOBS_CONTENT_KINDS), itemId: z.string() }),
  output: reportedContentOutput,
});

/** Whether a reported member exists (a deleted account does not). */
export const findReportedMember = defineOperation({
  name: 'findReportedMember',
  service: 'identity',
  summary: 'Whether a reported member exists (service-to-service)',
  access: 'internal',
  callers: ['admin'],
  input: z.object({ itemId: z.string() }),
  output: reportedContentOutput,
});

/** Whether a reported message exists in a conversation the reporter takes part in: nobody else may know it. */
export const findReportedMessage = defineOperation({
  name: 'findReportedMessage',
  service: 'applications',
  summary: 'Whether a reported message exists and the reporter is in its conversation (service-to-service)',
  access: 'internal',
  callers: ['admin'],
  input: z.object({ itemId: z.string(), reporterId: z.string() }),
  output: reportedContentOutput,
});

export const moderationOperations = [
  listContentReports,
  decideContentReport,
  restoreContent,
  listAuditLog,
  setContentRemoved,
  setMemberRemoved,
  setMessageRemoved,
  findReportedJobContent,
  findReportedMember,
  findReportedMessage,
] as const;
