import { PROFILE_LIMITS, US_STATES } from '@marketplace/contracts';

import type { NetworkProfile } from './network-provider.js';

/** Imported text is cut to the profile's bounds and to one line where the profile needs one. */
function line(value: string | null, max: number): string | null {
  const v = value?.replace(/\s+/g, ' ').trim();
  return v ? v.slice(0, max) : null;
}

function block(value: string | null, max: number): string | null {
  const v = value?.trim();
  return v ? v.slice(0, max) : null;
}

function httpsOrNull(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && value.length <= PROFILE_LIMITS.website ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface ImportedValues {
  name: string | null;
  headline: string | null;
  about: string | null;
  skills: string[];
  city: string | null;
  state: (typeof US_STATES)[number] | null;
  website: string | null;
  resume: string | null;
}

/**
 * The values a network profile gives the member's profile, as saved: the import saves exactly
 * these and the preview shows exactly these, so what a person confirms is what they get.
 */
export function importedValues(imported: NetworkProfile): ImportedValues {
  const skills: string[] = [];
  for (const skill of imported.skills) {
    const s = line(skill, PROFILE_LIMITS.skill);
    if (s && !skills.some((k) => k.toLowerCase() === s.toLowerCase())) skills.push(s);
    if (skills.length === PROFILE_LIMITS.skills) break;
  }
  const importedState = imported.state?.trim().toUpperCase();
  return {
    name: line(imported.name, 120),
    headline: line(imported.headline, PROFILE_LIMITS.headline),
    about: block(imported.about, PROFILE_LIMITS.about),
    skills,
    city: line(imported.city, PROFILE_LIMITS.city),
    state: US_STATES.find((s) => s === importedState) ?? null,
    website: httpsOrNull(imported.website),
    resume: block(imported.resume, PROFILE_LIMITS.resume),
  };
}
