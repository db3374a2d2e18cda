import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';

/** What an application keeps of its applicant at the moment of applying (and what accepting shares). */
export const applicantProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  photoUrl: z.string().nullable(),
  skills: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  website: z.string().nullable(),
  networkUrl: z.string().nullable(),
  resume: z.string().nullable(),
  email: z.string(),
  applicantVisibility: z.enum(['anonymous', 'public']),
  /** What is still required before posting or applying; empty when complete. */
  missing: z.array(z.string()),
});
export type ApplicantProfile = z.infer<typeof applicantProfileSchema>;

/** The applicant snapshot (private: carries email and resume), for the applications service only. */
export const getApplicantProfile = defineOperation({
  name: 'getApplicantProfile',
  service: 'identity',
  summary: "A member's profile as an application records it (service-to-service)",
  access: 'internal',
  callers: ['applications'],
  input: z.object({ memberId: idSchema }),
  output: applicantProfileSchema,
});

export const applicantProfileOperations = [getApplicantProfile] as const;
