import { type DraftRecording, findCredentials, findExposures } from '@marketplace/contracts';

type Finding = DraftRecording['findings'][number];

/** A detector's hit on what was read or said, before it is placed in time. */
export interface TextHit {
  kind: Finding['kind'];
  /** What it is and the match masked, as exposures are shown: "AWS access key (AKIA************MPLE)". */
  what: string;
  /** Same hit, same key: a key on screen for ten seconds is one finding, at its first second. */
  key: string;
}

/** The label of an exposure that is money rather than a person's details. */
const FINANCIAL_LABELS = new Set(['payment card number']);

/**
 * OCR reads a row of dashes as long dashes or fewer of them; a key's armour line is put back in
 * the form the credential detector knows.
 */
function undoOcrDashes(text: string): string {
  return text.replace(/[\u2010-\u2015\u2212]/g, '-').replace(/[^\sA-Za-z0-9]*\b(BEGIN|END) ((?:[A-Z]+ )?PRIVATE KEY)\b[^\sA-Za-z0-9]*/g, '-----$1 $2-----');
}

/**
 * The product's own detectors, the ones job text goes through: credentials are `secret`, card
 * numbers `financial`, other exposures `personal` or `internal`.
 */
export function detectInText(raw: string): TextHit[] {
  const text = undoOcrDashes(raw);
  const hits: TextHit[] = [];
  for (const c of findCredentials(text)) hits.push({ kind: 'secret', what: `${c.label} (${c.excerpt})`, key: `secret:${c.label}:${c.excerpt}` });
  for (const e of findExposures(text, 'screen')) {
    const kind: Finding['kind'] = FINANCIAL_LABELS.has(e.label) ? 'financial' : e.kind;
    hits.push({ kind, what: `${e.label} (${e.excerpt})`, key: `${kind}:${e.label}:${e.excerpt}` });
  }
  return hits;
}

export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Collects hits over time, keeping each at the first second it was seen. */
export class FindingLog {
  private readonly first = new Map<string, { hit: TextHit; atSeconds: number; source: 'screen' | 'speech' }>();

  add(atSeconds: number, hits: TextHit[], source: 'screen' | 'speech'): void {
    for (const hit of hits) {
      const key = `${source}:${hit.key}`;
      const seen = this.first.get(key);
      if (!seen || atSeconds < seen.atSeconds) this.first.set(key, { hit, atSeconds, source });
    }
  }

  /** Whether anything was found from this source: the screen's part of the check, or the sound's. */
  has(source: 'screen' | 'speech'): boolean {
    return [...this.first.values()].some((f) => f.source === source);
  }

  findings(): Finding[] {
    return [...this.first.values()]
      .sort((a, b) => a.atSeconds - b.atSeconds)
      .map(({ hit, atSeconds, source }) => ({
        kind: hit.kind,
        atSeconds,
        description: `${source === 'screen' ? 'On screen' : 'Said aloud'} at ${clock(atSeconds)}: ${hit.what}.`,
      }));
  }
}
