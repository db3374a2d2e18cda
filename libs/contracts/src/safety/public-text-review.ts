import { AppError } from '../errors/app-error.js';
import { findPolicyViolations } from './content-policy.js';
import { findCredentials } from './credential-scan.js';
import { type Exposure, findExposures } from './exposure-scan.js';

/** The one shape of a content-policy refusal, whoever found it (the word list or the model): 403 naming each field. */
export function policyRefusal(why: string, fields: Record<string, string>): AppError {
  return new AppError(403, `Refused by safety review: ${why}.`, { fields });
}

/**
 * The same checks for any public text, field by field. `acknowledgeExposures` undefined means the
 * route has no such flag (comments): personal or internal details are then simply refused with 400.
 */
export function reviewPublicText(text: Record<string, string | undefined>, opts: { acknowledgeExposures?: boolean; action?: string }): AppError | null {
  const canAcknowledge = opts.acknowledgeExposures !== undefined;
  try {
    const credentials: Record<string, string> = {};
    const policy: Record<string, string> = {};
    const exposures: Exposure[] = [];
    for (const [field, value] of Object.entries(text)) {
      if (value === undefined) continue;
      const found = findCredentials(value);
      if (found.length) {
        credentials[field] = `Contains what looks like a credential (${found.map((f) => `${f.label}: ${f.excerpt}`).join('; ')}).`;
      }
      const refused = findPolicyViolations(value);
      if (refused.length) policy[field] = 'Contains language our content policy refuses (profanity or hateful language).';
      exposures.push(...findExposures(value, field));
    }
    if (Object.keys(credentials).length) {
      return AppError.badRequest(`Remove credentials (keys, tokens, passwords) before ${opts.action ?? 'posting'}.`, credentials);
    }
    if (Object.keys(policy).length) return policyRefusal('public text must not contain profanity or hateful language', policy);
    if (exposures.length && opts.acknowledgeExposures !== true) {
      const fields: Record<string, string> = {};
      for (const e of exposures) {
        const line = `${e.kind} detail (${e.label}: ${e.excerpt})`;
        fields[e.field] = fields[e.field] ? `${fields[e.field]}; ${line}` : `Contains a ${line}`;
      }
      const remedy = canAcknowledge ? 'Remove it, or send acknowledgeExposures: true to publish it anyway.' : 'Remove it; this text is public.';
      for (const f of Object.keys(fields)) fields[f] += `. ${remedy}`;
      return AppError.badRequest('The text holds personal or internal details that would become public.', fields);
    }
    return null;
  } catch {
    return AppError.unavailable('The safety check could not run; nothing was published. Try again shortly.');
  }
}
