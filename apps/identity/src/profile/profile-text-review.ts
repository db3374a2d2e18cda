import { reviewPublicText } from '@marketplace/contracts';

/** The public parts of a profile, as they are about to be saved (the resume is private and not checked). */
export interface ProfileText {
  headline?: string | null;
  about?: string | null;
  skills?: readonly string[];
  city?: string | null;
  website?: string | null;
}

/**
 * A profile is as public as a job: its headline, about, skills, city and website pass the same
 * credential, content-policy and exposure checks as job text. A profile has no acknowledgement
 * flag, so a personal or internal detail is refused (400), profanity 403, a credential 400, each
 * naming the field. Throws the refusal; a check that cannot run throws 503 and nothing is saved.
 */
export function checkProfileText(text: ProfileText): void {
  const refused = reviewPublicText(
    {
      headline: text.headline ?? undefined,
      about: text.about ?? undefined,
      skills: text.skills?.length ? text.skills.join('\n') : undefined,
      city: text.city ?? undefined,
      website: text.website ?? undefined,
    },
    { action: 'saving your profile' },
  );
  if (refused) throw refused;
}
