import { z } from 'zod';
import { defineEvent } from './event.js';

/** A member applied (or re-applied) to a job; `viaAgent` when made with an API key or over MCP. */
export const applicationSubmittedV1 = defineEvent('application.submitted', 1, 'applications', z.object({
  applicationId: z.string(),
  jobId: z.string(),
  applicantId: z.string(),
  posterId: z.string(),
  jobVersion: z.number().int().min(1),
  viaAgent: z.boolean(),
  submittedAt: z.string(),
}));

/** An application stopped counting as received (withdrawn by its applicant). */
export const applicationWithdrawnV1 = defineEvent('application.withdrawn', 1, 'applications', z.object({
  applicationId: z.string(),
  jobId: z.string(),
  applicantId: z.string(),
  posterId: z.string(),
  withdrawnAt: z.string(),
}));
