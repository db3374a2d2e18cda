import { byId } from './dom.js';

/**
 * The beginning of a text file on its page, read through the file's own download link (served by
 * this site for files within the proxied cap): only the first bytes are asked for, so a long log
 * costs the page no more than a short note.
 */

const SHOWN_BYTES = 65_536;

const box = byId('text-preview');
const body = byId('text-preview-body');
const more = byId('text-preview-more');

async function show(): Promise<void> {
  const res = await fetch(box.dataset.src ?? '', { headers: { range: `bytes=0-${SHOWN_BYTES - 1}` } });
  if (!res.ok) return;
  const text = await res.text();
  body.textContent = text;
  // A 206 names the whole size after the slash: more than was sent means the rest is left out.
  const whole = Number(res.headers.get('content-range')?.split('/')[1]);
  more.hidden = !(res.status === 206 && whole > SHOWN_BYTES);
  box.hidden = false;
}

// Without the text the page still offers the download; nothing more to say.
show().catch(() => undefined);
