import { z } from 'zod';

import { memberText } from './common.schema.js';

export const memberSchema = z.object({
  id: z.string(),
  name: memberText,
  headline: memberText.nullable(),
  photoUrl: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** What other services need to know about a member to act for them (never public). */
export const memberCardSchema = memberSchema.extend({
  emailVerified: z.boolean(),
  staff: z.boolean(),
  /** What is still required before posting or applying; empty when complete. */
  missing: z.array(z.string()),
  signUpFinished: z.boolean(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;
