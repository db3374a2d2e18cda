import { RECORDING_LIMITS, type createRecordingLink, type DraftRecording, type OutputOf } from '@marketplace/contracts';
import { checkBox } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { when, type FormState } from '../kit/page.js';
import { checkAgain, isOpen, type JobDraft } from './draft-interview.js';

/** The walkthrough recording of a draft: its private record link, its check, and the poster's review. */

export type RecordingLink = OutputOf<typeof createRecordingLink>;

const STATUS: Record<DraftRecording['status'], string> = {
  uploading: 'Uploading', analyzing: 'Being checked', needs_review: 'Waiting for your review', approved: 'Approved', failed: 'Failed',
};

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
  return html`<h3>Moments that suggest a requirement</h3>${reviewing
    ? html`<fieldset><legend>Keep as requirements (up to ${RECORDING_LIMITS.acceptedMoments})</legend>${r.moments.map((m) =>
      checkBox({ form: 'recording-review', name: `moment-${m.id}`, label: `${at(m.atSeconds)} “${m.quote}”: ${m.suggestedRequirement}`, checked: accepted.has(m.id) }, state))}</fieldset>`
    : html`<ul>${r.moments.map((m) => html`<li>${at(m.atSeconds)} “${m.quote}”: ${m.suggestedRequirement}${accepted.has(m.id) ? ' (kept)' : ''}</li>`)}</ul>`}`;
}

function reviewForm(d: JobDraft, r: DraftRecording, state: FormState): Raw {
  const secret = r.findings.some((f) => f.kind === 'secret');
  const acknowledge = r.findings.length > 0 || !r.analyzed;
  const approvable = r.status === 'needs_review' && !secret;
  return html`<form method="post" action="/drafts/${d.id}/recording-review" id="recording-review">
${moments(r, r.status === 'needs_review', state)}
${approvable && acknowledge ? checkBox({
    form: 'recording-review', name: 'acknowledgeFindings',
    label: r.analyzed ? 'I have checked these findings; nothing private shows' : 'It could not be read: I have watched it and nothing private shows',
  }, state) : ''}
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
<p class="meta">${Math.round(r.seconds)} seconds${r.webcam ? ', with webcam' : ''} · ${r.analyzed ? 'checked frame by frame' : r.status === 'failed' ? 'the check failed' : 'could not be read, so not checked'}</p>
${checking ? checkAgain(d) : ''}
${r.summary ? html`<p>${r.summary}</p>` : ''}
${r.transcript ? html`<details><summary>Transcript</summary><p class="answer">${r.transcript}</p></details>` : ''}
${r.videoUrl ? html`<p><a href="${r.videoUrl}">Watch the recording</a></p>` : ''}
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
${isOpen(d) ? html`<form method="post" action="/drafts/${d.id}/recording-link" id="recording-link-form">
<button type="submit" class="secondary">${r ? 'Record again: make a new link' : 'Make a recording link'}</button>
</form>` : ''}
</section>`;
}
