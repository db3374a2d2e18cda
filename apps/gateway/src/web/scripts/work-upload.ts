import { byId, errorBody, JSON_HEADERS, say } from './dom.js';

/**
 * Uploading into the job's worker folder from the work page, over the same chunked REST upload
 * agents use (create, sha256-checked chunks, complete). The new file joins the turn-in form's
 * file list ticked, so what the worker typed in the form stays as it was.
 */

interface Slot { file: { id: string }; chunkBytes: number; chunks: number }
interface JobFile { id: string; path: string; size: number }

const box = byId('worker-upload');
const input = byId<HTMLInputElement>('upload-file');
const button = byId<HTMLButtonElement>('upload-button');
const status = byId('upload-status');
const list = byId('worker-files');
const jobId = box.dataset.job ?? '';
box.hidden = false;

async function sha256(data: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function refused(res: Response, what: string): Promise<void> {
  const body = await errorBody(res);
  const fields = Object.values(body.fields ?? {}).join(' ');
  say(status, `${what}: ${body.error ?? `the server answered ${res.status}`}${fields ? ` ${fields}` : ''}`, true);
}

/** The uploaded file as a ticked choice of the turn-in form. */
function addChoice(file: JobFile): void {
  document.getElementById('no-worker-files')?.remove();
  const p = document.createElement('p');
  p.className = 'check';
  const tick = document.createElement('input');
  tick.type = 'checkbox';
  tick.id = `file-${file.id}`;
  tick.name = `file-${file.id}`;
  tick.checked = true;
  const label = document.createElement('label');
  label.htmlFor = tick.id;
  label.textContent = `${file.path} `;
  const size = document.createElement('span');
  size.className = 'note';
  size.textContent = `(${file.size} bytes)`;
  label.append(size);
  p.append(tick, ' ', label);
  list.append(p);
}

async function upload(): Promise<void> {
  const file = input.files?.[0];
  if (!file) return say(status, 'Choose a file first.', true);
  const all = await file.arrayBuffer();
  say(status, `Uploading ${file.name}…`);
  const created = await fetch(`/api/jobs/${encodeURIComponent(jobId)}/files`, {
    method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ path: file.name, size: file.size, sha256: await sha256(all) }),
  });
  if (!created.ok) return refused(created, `${file.name} was not uploaded`);
  const slot = (await created.json()) as Slot;
  const base = `/api/jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(slot.file.id)}`;
  for (let i = 0; i < slot.chunks; i += 1) {
    const part = all.slice(i * slot.chunkBytes, (i + 1) * slot.chunkBytes);
    say(status, `Uploading ${file.name}: part ${i + 1} of ${slot.chunks}…`);
    const sent = await fetch(`${base}/chunks/${i}?sha256=${await sha256(part)}`, {
      method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: part,
    });
    if (!sent.ok) return refused(sent, `${file.name} was not uploaded`);
  }
  const done = await fetch(`${base}/complete`, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
  if (!done.ok) return refused(done, `${file.name} was not uploaded`);
  addChoice((await done.json()) as JobFile);
  input.value = '';
  say(status, `${file.name} is uploaded and ticked below.`);
}

button.addEventListener('click', () => {
  button.disabled = true;
  upload().catch(() => say(status, 'The upload stopped. Check your connection and try again.', true)).finally(() => { button.disabled = false; });
});
