import { type DraftRecording, RECORDING_CHECK_LABELS, RECORDING_CHECK_PARTS, type RecordingCheck, type RecordingCheckPart } from '@marketplace/contracts';

/**
 * What each part of a walkthrough's check did. A part is `done` only when it was looked at and
 * found nothing; a recording is approved by itself only when every part is done, so a check that
 * could not hear the sound or look for faces says so instead of reading as clean.
 */

export const check = (part: RecordingCheckPart, state: RecordingCheck['state'], note: string | null = null): RecordingCheck => ({ part, state, note });

/** Every part not checked, for the same reason (not decoded, the check failed or timed out). */
export function noneChecked(note: string): RecordingCheck[] {
  return RECORDING_CHECK_PARTS.map((part) => check(part, 'not_checked', note));
}

/** Why a part was not checked, said to the poster; operators find the settings in docs/operators.md. */
export const NO_FACE_DETECTION = 'no face detection here: no vision model is configured';
export const NO_MODEL = 'no model is configured';
export const NO_SPEECH_MODEL = 'no speech-to-text model is configured';
export const NO_SOUND = 'the recording has no sound track';

/**
 * A recording checked before the check listed its parts: only the screen's text was surely read
 * (when it was decoded), so the rest reads as not checked and approving it needs acknowledging.
 */
function earlierChecks(r: Pick<DraftRecording, 'analyzed' | 'findings'>): RecordingCheck[] {
  const earlier = 'checked before each part of the check was recorded';
  const screen = r.findings.some((f) => f.description.startsWith('On screen'));
  return [
    r.analyzed ? check('screen_text', screen ? 'found' : 'done') : check('screen_text', 'not_checked', 'the recording could not be decoded'),
    check('sound', 'not_checked', earlier),
    check('faces', 'not_checked', earlier),
    check('model_review', 'not_checked', earlier),
  ];
}

/** The checks a recording shows: the stored list, an earlier recording's as far as is known, or none while it is checked. */
export function checksOf(r: {
  status: DraftRecording['status'];
  checks: RecordingCheck[] | null;
  analyzed: boolean;
  findings: DraftRecording['findings'];
}): RecordingCheck[] {
  if (r.checks) return r.checks;
  if (r.status === 'uploading' || r.status === 'analyzing') return [];
  if (r.status === 'failed') return noneChecked('the check failed');
  return earlierChecks(r);
}

/** Every part checked, whatever it found: the contract's `analyzed`. */
export const allChecked = (checks: RecordingCheck[]): boolean => checks.length > 0 && checks.every((c) => c.state !== 'not_checked');

/** Approved by itself only when every part was checked and found nothing. */
export const clean = (checks: RecordingCheck[], findings: unknown[]): boolean =>
  checks.length > 0 && checks.every((c) => c.state === 'done') && findings.length === 0;

/** The parts a poster's approval acknowledges: those not checked or that found something. */
export const toAcknowledge = (checks: RecordingCheck[]): RecordingCheckPart[] => checks.filter((c) => c.state !== 'done').map((c) => c.part);

/**
 * What was not checked and why, parts with the same reason named together:
 * "sound (no speech-to-text model …); faces and people (no face detection here …)".
 */
export function uncheckedText(checks: RecordingCheck[]): string {
  const byNote = new Map<string, string[]>();
  for (const c of checks.filter((x) => x.state === 'not_checked'))
    byNote.set(c.note ?? '', [...(byNote.get(c.note ?? '') ?? []), RECORDING_CHECK_LABELS[c.part]]);
  return [...byNote].map(([note, labels]) => `${listed(labels)}${note ? ` (${note})` : ''}`).join('; ');
}

/** "a", "a and b", "a, b and c". */
export function listed(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
