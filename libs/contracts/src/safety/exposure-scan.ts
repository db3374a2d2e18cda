import { holdsCardNumber } from './card-number.js';

/**
 * Personal details (emails, phone numbers, street addresses) and internal details (internal
 * hostnames, private IP addresses) in public text. Unlike credentials, these may be meant (a
 * support address, a public office), so they need acknowledging rather than being refused.
 */
export interface Exposure {
  kind: 'personal' | 'internal';
  label: string;
  /** The match with its middle masked, so the answer never repeats the detail whole. */
  excerpt: string;
  field: string;
}

interface Detector {
  kind: Exposure['kind'];
  label: string;
  pattern: RegExp;
  accept?: (match: string) => boolean;
}

const STREET_TYPES = 'street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|parkway|pkwy|highway|hwy|circle|cir';

function isPrivateIp(ip: string): boolean {
  const p = ip.split('.').map(Number);
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return false;
  const [a, b] = p as [number, number, number, number];
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

const DETECTORS: Detector[] = [
  { kind: 'personal', label: 'email address', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g },
  {
    kind: 'personal',
    label: 'phone number',
    pattern: /(?<![\w.])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?![\w])|(?<![\w])\+\d{1,3}(?:[\s.-]?\d{2,4}){3,5}(?![\w])/g,
  },
  {
    kind: 'personal',
    label: 'street address',
    pattern: new RegExp(`\\b\\d{1,6}\\s+(?:[A-Z][a-z]+\\.?\\s+){1,4}(?:${STREET_TYPES})\\b\\.?`, 'gi'),
    // "3 Great Deliverables Drive…" is rare; a capitalised name before the street type is required.
    accept: (m) => /\d+\s+[A-Z]/.test(m),
  },
  {
    kind: 'personal',
    label: 'payment card number',
    // Any run of digit groups; the one card check (card-number.ts) decides: how it is grouped, a
    // network's prefix and length, Luhn. Order and tracking numbers of the same length are not cards.
    pattern: /(?<![\w.-])\d+(?:[ -]\d+)*(?![\w-])/g,
    accept: holdsCardNumber,
  },
  { kind: 'internal', label: 'private IP address', pattern: /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g, accept: isPrivateIp },
  {
    kind: 'internal',
    label: 'internal hostname',
    pattern: /\b(?:[a-z0-9-]+\.)+(?:internal|local|localdomain|corp|lan|intranet|intra|private|home\.arpa)\b|\b(?:intranet|localhost)(?::\d+)?\b/gi,
  },
  {
    // A person's home folder or a network share names people and machines; system paths (/usr, /etc) do not.
    kind: 'internal',
    label: 'internal file path',
    pattern: /(?:(?<![\w/])\/(?:home|Users)\/[A-Za-z0-9._-]+|\b[A-Za-z]:\\Users\\[A-Za-z0-9._ -]+|(?<![\w\\])\\\\[A-Za-z0-9._-]+\\[A-Za-z0-9.$_-]+)/g,
  },
];

export function maskDetail(match: string): string {
  if (match.length <= 4) return '*'.repeat(match.length);
  const keep = Math.max(1, Math.floor(match.length / 4));
  return `${match.slice(0, keep)}${'*'.repeat(match.length - 2 * keep)}${match.slice(-keep)}`;
}

export function findExposures(text: string, field: string): Exposure[] {
  const found: Exposure[] = [];
  const seen = new Set<string>();
  for (const d of DETECTORS) {
    for (const m of text.matchAll(d.pattern)) {
      const value = m[0].trim();
      if (d.accept && !d.accept(value)) continue;
      const key = `${d.label}:${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ kind: d.kind, label: d.label, excerpt: maskDetail(value), field });
    }
  }
  return found;
}
