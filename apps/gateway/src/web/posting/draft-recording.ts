import { type createRecordingLink, type DraftRecording, type OutputOf, RECORDING_CHECK_LABELS, RECORDING_LIMITS } from '@marketplace/contracts';

import { checkBox } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { type FormState, when } from '../kit/page.js';
import { checkAgain, isOpen, type JobDraft } from './draft-interview.js';

/** The walkthrough recording of a draft: its private record link, its check, and the poster's review. */

export type RecordingLink = OutputOf<typeof createRecordingLink>;

const STATUS: Record<DraftRecording['status'], string> = {
  uploading: 'Uploading',
  analyzing: 'Being checked',
  needs_review: 'Waiting for your review',
  approved: 'Approved',
  failed: 'Failed',
};

/** "a", "a and b", "a, b and c". */
const listed = (items: string[]): string => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The parts of the check that were not checked, by name: what approving acknowledges. */
const unchecked = (r: DraftRecording): string => listed(r.checks.filter((c) => c.state === 'not_checked').map((c) => RECORDING_CHECK_LABELS[c.part]));

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const STATE: Record<DraftRecording['checks'][number]['state'], string> = {
  done: 'checked, nothing found',
  found: 'found something (below)',
  not_checked: 'not checked',
};

/** Each part of the check, said plainly: what was looked at, what found something, and what was not checked and why. */
function checkList(r: DraftRecording): Raw {
  if (!r.checks.length) return html``;
  const missed = unchecked(r);
  return html`<h3>What the check covered</h3>
<ul class="checks">${r.checks.map((c) => html`<li data-check="${c.part}" data-state="${c.state}"><strong>${capital(RECORDING_CHECK_LABELS[c.part])}</strong>: ${STATE[c.state]}${c.note ? html` (${c.note})` : ''}</li>`)}</ul>
${missed && r.status === 'needs_review' ? html`<p class="notice">Not approved by itself: ${missed} ${missed.includes(' and ') ? 'were' : 'was'} not checked. Watch it before you approve it.</p>` : ''}
${r.approved && r.acknowledged.length ? html`<p class="note">You approved it acknowledging: ${listed(r.acknowledged.map((p) => RECORDING_CHECK_LABELS[p]))}.</p>` : ''}`;
}

const at = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Shown once, right after it is made: the token lives only in this page and the link's fragment. */
function linkBox(link: RecordingLink): Raw {
  const href = link.url ?? link.path;
  return html`<div class="secret" id="recording-link" tabindex="-1" role="status">
<h3>Your recording link</h3>
<p><a href="${link.path}">${href}</a></p>
<p class="note">Open it on the device you record on. It works until ${when(link.expiresAt)}; making a new link turns this one off. It is shown only now.</p>
</div>`;
}

function moments(r: DraftRecording, reviewing: boolean, state: FormState): Raw {
  if (!r.moments.length) return html``;
  const accepted = new Set(r.acceptedMoments);
  return html`<h3>Moments that suggest a requirement</h3>${
    reviewing
      ? html`<fieldset><legend>Keep as requirements (up to ${RECORDING_LIMITS.acceptedMoments})</legend>${r.moments.map((m) =>
          checkBox(
            {
              form: 'recording-review',
              name: `moment-${m.id}`,
              label: `${at(m.atSeconds)} “${m.quote}”: ${m.suggestedRequirement}`,
              checked: accepted.has(m.id),
            },
            state,
          ),
        )}</fieldset>`
      : html`<ul>${r.moments.map((m) => html`<li>${at(m.atSeconds)} “${m.quote}”: ${m.suggestedRequirement}${accepted.has(m.id) ? ' (kept)' : ''}</li>`)}</ul>`
  }`;
}

function reviewForm(d: JobDraft, r: DraftRecording, state: FormState): Raw {
  const secret = r.findings.some((f) => f.kind === 'secret');
  const missed = unchecked(r);
  const acknowledge = r.findings.length > 0 || r.checks.some((c) => c.state !== 'done');
  const approvable = r.status === 'needs_review' && !secret;
  return html`<form method="post" action="/drafts/${d.id}/recording-review" id="recording-review">
${moments(r, r.status === 'needs_review', state)}
${
  approvable && acknowledge
    ? checkBox(
        {
          form: 'recording-review',
          name: 'acknowledgeFindings',
          label: missed
            ? `I have watched it: ${missed} ${missed.includes(' and ') ? 'were' : 'was'} not checked, and nothing private shows or is said in it${r.findings.length ? '; I have checked the findings' : ''}`
            : 'I have checked these findings; nothing private shows',
        },
        state,
      )
    : ''
}
${secret ? html`<p class="error">A credential shows on screen: delete this recording and record again.</p>` : ''}
<div class="actions">
${approvable ? html`<button type="submit" name="action" value="approve">Approve the recording</button>` : ''}
<button type="submit" name="action" value="delete" class="secondary">Delete the recording</button>
</div>
</form>`;
}

function recordingBody(d: JobDraft, r: DraftRecording, state: FormState): Raw {
  const checking = r.status === 'uploading' || r.status === 'analyzing';
  return html`<p class="status"${checking ? html` data-pending` : ''}>${STATUS[r.status]}</p>
<p class="meta">${Math.round(r.seconds)} seconds${r.webcam ? ', with webcam' : ''}${r.status === 'failed' ? ' · the check failed' : ''}</p>
${checking ? checkAgain(d) : ''}
${r.summary ? html`<p>${r.summary}</p>` : ''}
${r.transcript ? html`<details><summary>Transcript</summary><p class="answer">${r.transcript}</p></details>` : ''}
${r.videoUrl ? html`<p><a href="${r.videoUrl}">Watch the recording</a></p>` : ''}
${checkList(r)}
${r.findings.length ? html`<h3>What should not be public</h3><ul>${r.findings.map((f) => html`<li>${at(f.atSeconds)} <strong>${f.kind}</strong>: ${f.description}</li>`)}</ul>` : ''}
${isOpen(d) && !checking ? reviewForm(d, r, state) : moments(r, false, state)}`;
}

export function recordingPart(d: JobDraft, state: FormState, link?: RecordingLink): Raw {
  const r = d.recording;
  if (!isOpen(d) && !r) return html``;
  return html`<section class="part" id="draft-recording" aria-labelledby="recording-heading">
<h2 id="recording-heading">Walkthrough recording</h2>
<p class="note">Show the problem on your screen, up to ${RECORDING_LIMITS.seconds / 60} minutes, so applicants see what you see. Only you see the check below.</p>
${link ? linkBox(link) : ''}
${r ? recordingBody(d, r, state) : html`<p>No recording yet.</p>`}
${
  isOpen(d)
    ? html`<form method="post" action="/drafts/${d.id}/recording-link" id="recording-link-form">
<button type="submit" class="secondary">${r ? 'Record again: make a new link' : 'Make a recording link'}</button>
</form>`
    : ''
}
</section>`;
}
