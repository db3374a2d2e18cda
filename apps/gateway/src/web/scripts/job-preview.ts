import { byId } from './dom.js';

/**
 * Keeps the job form's preview live: the description goes to the server, which renders it with
 * the job page's own sanitising renderer, so the preview never differs from the published page.
 * Without this script the form's Preview button does the same in a round trip.
 */
const source = byId<HTMLTextAreaElement>('job-constraints');
const preview = byId('job-preview');
const button = byId<HTMLButtonElement>('job-preview-button');

let timer: ReturnType<typeof setTimeout> | undefined;
let sent = 0;

async function refresh(): Promise<void> {
  const mine = ++sent;
  const res = await fetch('/me/markdown-preview', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ markdown: source.value }),
  }).catch(() => null);
  // A slower answer to an older keystroke must not overwrite a newer one.
  if (mine !== sent || !res?.ok) return;
  preview.innerHTML = await res.text();
}

source.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(() => void refresh(), 250);
});

// The round trip is no longer needed: the preview follows the typing.
button.hidden = true;
