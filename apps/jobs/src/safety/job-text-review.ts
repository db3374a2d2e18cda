import { type AppError, reviewPublicText } from '@marketplace/contracts';

export type JobText = Partial<Record<'title' | 'constraints', string>>;

/**
 * The two automated approvals every posting and content edit needs, plus the exposure check:
 * credentials refuse with 400, policy violations with 403, unacknowledged personal or internal
 * details with 400 naming each field. Returns the refusal (the caller counts the attempt first)
 * or null. A check that cannot run is a 503: nothing may be published unchecked.
 */
export function reviewJobText(text: JobText, acknowledgeExposures: boolean): AppError | null {
  return reviewPublicText({ title: text.title, constraints: text.constraints }, { acknowledgeExposures });
}
