import { byId, errorBody, JSON_HEADERS, say as sayIn, type ErrorBody } from './dom.js';

/**
 * Personal file uploads over the chunked API (create, PUT each chunk, complete), with progress.
 * An upload that was cut off (a reload, a lost connection) resumes when the same file is chosen
 * again under the same name: the service says which chunk it lacks first, and every chunk's
 * answer names the next one it lacks, so chunks it already holds are never sent twice.
 */

interface ListedFile { id: string; path: string; size: number; received: number; status: string }
interface ChunkAnswer { nextIndex: number | null; file: ListedFile }

const form = byId<HTMLFormElement>('upload-form');
const fileInput = byId<HTMLInputElement>('upload-file');
const pathInput = byId<HTMLInputElement>('upload-path');
const progressBox = byId('upload-progress-box');
const progress = byId<HTMLProgressElement>('upload-progress');
const status = byId('upload-status');
const chunkBytes = Number(form.dataset.chunkBytes);

const say = (text: string, error = false) => sayIn(status, text, error);

class UploadError extends Error {
  /** The service's message about the name (path), shown next to that field. */
  constructor(message: string, readonly pathError?: string) {
    super(message);
  }
}

const pathError = byId('upload-path-error');

/** The name field's own error, linked to it as the server-rendered forms do. */
function markPath(message: string | undefined): void {
  pathError.textContent = message ?? '';
  pathError.hidden = !message;
  if (message) {
    pathInput.setAttribute('aria-invalid', 'true');
    pathInput.setAttribute('aria-describedby', 'upload-path-hint upload-path-error');
  } else {
    pathInput.removeAttribute('aria-invalid');
    pathInput.setAttribute('aria-describedby', 'upload-path-hint');
  }
}

form.hidden = false;

fileInput.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  if (file && !pathInput.value.trim()) pathInput.value = file.name;
});

async function sha256(data: BufferSource): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The service's refusal as one sentence, naming the field it is about. */
function refusal(body: ErrorBody, fallback: string): string {
  const fields = Object.entries(body.fields ?? {}).filter(([name]) => name !== 'nextIndex');
  const detail = fields.map(([name, message]) => `${name === 'path' ? 'Name' : name}: ${message}`).join(' ');
  return [body.error ?? fallback, detail].filter(Boolean).join(' ');
}

async function api(path: string, method: string, body?: unknown): Promise<Response> {
  // A JSON request always carries a body, even an empty object: the API refuses an empty one.
  const res = await fetch(path, { method, headers: JSON_HEADERS, ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }) })
    .catch(() => { throw new UploadError('The connection was lost. Choose the same file again to resume.'); });
  if (res.status === 401) {
    location.assign('/sign-in?next=%2Fme%2Ffiles');
    throw new UploadError('Sign in again to continue.');
  }
  return res;
}

function showProgress(sent: number, total: number): void {
  progress.max = total;
  progress.value = Math.min(sent, total);
}

/** One chunk by XMLHttpRequest, whose upload events report the bytes sent as they go. */
function putChunk(fileId: string, index: number, bytes: ArrayBuffer, digest: string, onSent: (n: number) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/me/files/${encodeURIComponent(fileId)}/chunks/${index}?sha256=${digest}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.addEventListener('progress', (e) => onSent(e.loaded));
    xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
    xhr.addEventListener('error', () => reject(new UploadError('The connection was lost. Choose the same file again to resume.')));
    xhr.send(bytes);
  });
}

/** Asks the service which chunk it lacks first: completing answers 409 naming it, or the finished file. */
async function firstMissing(fileId: string): Promise<number | null> {
  const res = await api(`/api/me/files/${encodeURIComponent(fileId)}/complete`, 'POST');
  if (res.ok) return null;
  const body = await errorBody(res);
  const next = Number(body.fields?.nextIndex);
  if (res.status === 409 && Number.isInteger(next)) return next;
  throw new UploadError(refusal(body, 'The upload could not be resumed.'));
}

/** An unfinished upload of this name and size to resume, or a new one. Answers the file id and the first chunk to send. */
async function openUpload(path: string, file: File, digest: string): Promise<{ id: string; next: number | null; received: number }> {
  const listed = await api('/api/me/files', 'GET');
  if (!listed.ok) throw new UploadError(refusal(await errorBody(listed), 'Your files could not be read.'));
  const { files } = (await listed.json()) as { files: ListedFile[] };
  const same = files.find((f) => f.path.normalize('NFC').toLowerCase() === path.normalize('NFC').toLowerCase() && f.status === 'uploading');
  if (same) {
    if (same.size !== file.size) throw new UploadError(`Another file is being uploaded as ${same.path}. Delete it below or choose another name.`);
    const next = await firstMissing(same.id);
    say(`Resuming: ${same.received} of ${file.size} bytes were already received.`);
    return { id: same.id, next, received: same.received };
  }
  const res = await api('/api/me/files', 'POST', { path, size: file.size, sha256: digest });
  if (!res.ok) {
    const body = await errorBody(res);
    throw new UploadError(refusal(body, 'The upload could not be started.'), body.fields?.path);
  }
  const slot = (await res.json()) as { file: ListedFile; nextIndex: number | null };
  return { id: slot.file.id, next: slot.nextIndex, received: 0 };
}

async function sendChunks(id: string, file: File, first: number | null, received: number): Promise<void> {
  let index = first;
  let done = received;
  while (index !== null) {
    const start = index * chunkBytes;
    const bytes = await file.slice(start, Math.min(start + chunkBytes, file.size)).arrayBuffer();
    const answer = await putChunk(id, index, bytes, await sha256(bytes), (sent) => showProgress(done + sent, file.size));
    if (answer.status === 401) location.assign('/sign-in?next=%2Fme%2Ffiles');
    if (answer.status < 200 || answer.status > 299) {
      const body = JSON.parse(answer.text || '{}') as ErrorBody;
      throw new UploadError(refusal(body, `Part ${index + 1} was refused.`));
    }
    const body = JSON.parse(answer.text) as ChunkAnswer;
    done = body.file.received;
    showProgress(done, file.size);
    say(`Sent ${Math.floor((done / file.size) * 100)}%.`);
    index = body.nextIndex;
  }
}

/** Completes the upload; a large file is joined in the background, so 503 means ask again shortly. */
async function complete(id: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const res = await api(`/api/me/files/${encodeURIComponent(id)}/complete`, 'POST');
    if (res.ok) return;
    if (res.status !== 503) throw new UploadError(refusal(await errorBody(res), 'The upload could not be finished.'));
    say('Checking the whole file…');
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(10, Number(res.headers.get('retry-after')) || 2)));
  }
  throw new UploadError('The file is still being checked. Reload the page in a minute.');
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const file = fileInput.files?.[0];
  if (!file) return say('Choose a file first.', true);
  const path = pathInput.value.trim() || file.name;
  const button = form.querySelector('button');
  if (button) button.disabled = true;
  markPath(undefined);
  progressBox.hidden = false;
  showProgress(0, file.size);
  try {
    say('Reading the file…');
    const digest = await sha256(await file.arrayBuffer());
    const upload = await openUpload(path, file, digest);
    showProgress(upload.received, file.size);
    await sendChunks(upload.id, file, upload.next, upload.received);
    await complete(upload.id);
    say('Uploaded.');
    location.assign(`/me/files/${encodeURIComponent(upload.id)}?done=uploaded`);
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    say(err.message, true);
    markPath(err.pathError);
    (err.pathError ? pathInput : fileInput).focus();
  } finally {
    if (button) button.disabled = false;
  }
});
