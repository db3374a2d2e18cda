import { completeUpload, sendChunks, UploadRefused } from './chunked-upload.js';
import { sendParts, type SentPart, storeFor } from './direct-upload.js';
import { byId, type ErrorBody, errorBody, JSON_HEADERS, say, sha256Hex } from './dom.js';

/**
 * Uploading into the job's worker folder from the work page, over the same REST upload agents use
 * (create, sha256-checked chunks, complete; chunked-upload.ts), or, for a file over the proxied
 * cap when the site's store takes uploads from its pages, with the parts sent straight to the
 * store (direct-upload.ts). The new file joins the turn-in form's file list ticked, so what the
 * worker typed in the form stays as it was.
 */

interface Slot {
  file: { id: string };
  chunkBytes: number;
  chunks: number;
  nextIndex: number | null;
}
interface JobFile {
  id: string;
  path: string;
  size: number;
}

const box = byId('worker-upload');
const input = byId<HTMLInputElement>('upload-file');
const button = byId<HTMLButtonElement>('upload-button');
const status = byId('upload-status');
const list = byId('worker-files');
const jobId = box.dataset.job ?? '';
box.hidden = false;

function refusedWith(body: ErrorBody, statusCode: number, what: string): void {
  const fields = Object.entries(body.fields ?? {})
    .filter(([name]) => name !== 'nextIndex')
    .map(([, message]) => message)
    .join(' ');
  say(status, `${what}: ${body.error ?? `the server answered ${statusCode}`}${fields ? ` ${fields}` : ''}`, true);
}

async function refused(res: Response, what: string): Promise<void> {
  refusedWith(await errorBody(res), res.status, what);
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
  say(status, `Uploading ${file.name}…`);
  const created = await fetch(`/api/jobs/${encodeURIComponent(jobId)}/files`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ path: file.name, size: file.size, sha256: await sha256Hex(await file.arrayBuffer()) }),
  });
  if (!created.ok) return refused(created, `${file.name} was not uploaded`);
  const slot = (await created.json()) as Slot;
  const base = `/api/jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(slot.file.id)}`;
  const onAcknowledged = (bytes: number) => say(status, `Uploading ${file.name}: ${Math.floor((bytes / file.size) * 100)}% sent…`);
  let parts: SentPart[] | undefined;
  try {
    // A new upload: the store takes it whole unless the file is within the proxied cap.
    const direct = storeFor(box, file.size) ? await sendParts({ base, file, onAcknowledged }) : 'chunked';
    if (direct !== 'chunked') parts = direct;
    else {
      await sendChunks({
        base,
        file,
        chunkBytes: slot.chunkBytes,
        first: slot.nextIndex,
        received: 0,
        onAcknowledged,
        onWait: (seconds) => say(status, `Uploading ${file.name}: the service asked to wait ${seconds} s…`),
      });
    }
  } catch (err) {
    if (err instanceof UploadRefused) return refusedWith(err.body, err.status, `${file.name} was not uploaded`);
    throw err;
  }
  const done = await completeUpload(base, () => say(status, `Checking ${file.name}…`), parts);
  if (done.status === 503) return say(status, `${file.name} is still being checked. Reload the page in a minute to turn it in.`, true);
  if (!done.ok) return refused(done, `${file.name} was not uploaded`);
  addChoice((await done.json()) as JobFile);
  input.value = '';
  say(status, `${file.name} is uploaded and ticked below.`);
}

button.addEventListener('click', () => {
  button.disabled = true;
  upload()
    .catch(() => say(status, 'The upload stopped. Check your connection and try again.', true))
    .finally(() => {
      button.disabled = false;
    });
});
