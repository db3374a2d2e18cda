import { completeUpload, CONNECTION_LOST, ConnectionLost, sendChunks, UploadRefused } from './chunked-upload.js';
import { sendParts, type SentPart, storeFor } from './direct-upload.js';
import { byId, type ErrorBody, errorBody, JSON_HEADERS, say as sayIn, sha256Hex } from './dom.js';

/**
 * File uploads into an area (personal files, a job's files: the form's `data-api` names the
 * area's collection, `data-page` its pages): create, the bytes, complete, with progress. The bytes go over the
 * chunked API, or, for a file over the proxied cap when the site's store takes uploads from its
 * pages, straight to the store in parts (direct-upload.ts). An upload that was cut off (a reload,
 * a lost connection) resumes when the same file is chosen again under the same name: over the
 * API, the service says which chunk it lacks first and how many bytes it holds, and chunks it
 * already holds are never sent twice (chunked-upload.ts); to the store, the parts go again.
 */

interface ListedFile {
  id: string;
  path: string;
  size: number;
  received: number;
  status: string;
  canWrite: boolean;
}

const form = byId<HTMLFormElement>('upload-form');
const fileInput = byId<HTMLInputElement>('upload-file');
const pathInput = byId<HTMLInputElement>('upload-path');
const progressBox = byId('upload-progress-box');
const progress = byId<HTMLProgressElement>('upload-progress');
const status = byId('upload-status');
const chunkBytes = Number(form.dataset.chunkBytes);
const area = form.dataset.api ?? '';
const pages = form.dataset.page ?? '';
const signIn = () => location.assign(`/sign-in?next=${encodeURIComponent(location.pathname)}`);

const say = (text: string, error = false) => sayIn(status, text, error);

class UploadError extends Error {
  /** The service's message about the name (path), shown next to that field. */
  constructor(
    message: string,
    readonly pathError?: string,
  ) {
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

/** The service's refusal as one sentence, naming the field it is about. */
function refusal(body: ErrorBody, fallback: string): string {
  const fields = Object.entries(body.fields ?? {}).filter(([name]) => name !== 'nextIndex');
  const detail = fields.map(([name, message]) => `${name === 'path' ? 'Name' : name}: ${message}`).join(' ');
  return [body.error ?? fallback, detail].filter(Boolean).join(' ');
}

async function api(path: string, method: string, body?: unknown): Promise<Response> {
  // A JSON request always carries a body, even an empty object: the API refuses an empty one.
  const res = await fetch(path, { method, headers: JSON_HEADERS, ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }) }).catch(() => {
    throw new UploadError(CONNECTION_LOST);
  });
  if (res.status === 401) {
    signIn();
    throw new UploadError('Sign in again to continue.');
  }
  return res;
}

function showProgress(sent: number, total: number): void {
  progress.max = total;
  progress.value = Math.min(sent, total);
}

/** Asks the service which chunk it lacks first: completing answers 409 naming it, or the finished file. */
async function firstMissing(fileId: string): Promise<number | null> {
  const res = await api(`${area}/${encodeURIComponent(fileId)}/complete`, 'POST');
  if (res.ok) return null;
  const body = await errorBody(res);
  const next = Number(body.fields?.nextIndex);
  if (res.status === 409 && Number.isInteger(next)) return next;
  throw new UploadError(refusal(body, 'The upload could not be resumed.'));
}

/** An unfinished upload of this name and size to resume, or a new one. Answers the file id and the first chunk to send. */
async function openUpload(path: string, file: File, digest: string): Promise<{ id: string; next: number | null; received: number }> {
  const listed = await api(area, 'GET');
  if (!listed.ok) throw new UploadError(refusal(await errorBody(listed), 'The files could not be read.'));
  const { files } = (await listed.json()) as { files: ListedFile[] };
  // Only an upload this member may still write: in a job's files, the other side's has the name taken.
  const same = files.find((f) => f.path.normalize('NFC').toLowerCase() === path.normalize('NFC').toLowerCase() && f.status === 'uploading' && f.canWrite);
  if (same) {
    if (same.size !== file.size) throw new UploadError(`Another file is being uploaded as ${same.path}. Delete it below or choose another name.`);
    // An upload to the store asks which chunk is missing only if it turns out to have taken chunks (send).
    const next = storeFor(form, file.size) ? 0 : await firstMissing(same.id);
    say(`Resuming: ${same.received} of ${file.size} bytes were already received.`);
    return { id: same.id, next, received: same.received };
  }
  const res = await api(area, 'POST', { path, size: file.size, sha256: digest });
  if (!res.ok) {
    const body = await errorBody(res);
    throw new UploadError(refusal(body, 'The upload could not be started.'), body.fields?.path);
  }
  const slot = (await res.json()) as { file: ListedFile; nextIndex: number | null };
  return { id: slot.file.id, next: slot.nextIndex, received: 0 };
}

/**
 * The bytes (to the store in parts, or the chunks from `first` on), then complete (asked again
 * while a large file is checked).
 */
async function send(id: string, file: File, first: number | null, received: number): Promise<void> {
  const base = `${area}/${encodeURIComponent(id)}`;
  // Chunks already on their way when one is cut off still answer: they must not cover what went wrong.
  let stopped = false;
  const onAcknowledged = (bytes: number) => {
    if (!stopped) say(`Sent ${Math.floor((bytes / file.size) * 100)}%.`);
  };
  const onProgress = (bytes: number) => {
    if (!stopped) showProgress(bytes, file.size);
  };
  const toStore = storeFor(form, file.size) !== null;
  let parts: SentPart[] | undefined;
  try {
    const direct = toStore ? await sendParts({ base, file, onProgress, onAcknowledged }) : 'chunked';
    if (direct !== 'chunked') parts = direct;
    else {
      // An upload over the cap that already took chunks finishes as it began; ask where it stopped.
      const from = toStore ? await firstMissing(id) : first;
      await sendChunks({
        base,
        file,
        chunkBytes,
        first: from,
        received,
        onProgress,
        onAcknowledged,
        onWait: (seconds) => say(`The service asked to wait ${seconds} s; sending again then.`),
      });
    }
  } catch (err) {
    stopped = true;
    if (err instanceof UploadRefused) {
      if (err.status === 401) signIn();
      throw new UploadError(refusal(err.body, 'A part of the file was refused.'));
    }
    if (err instanceof ConnectionLost) throw new UploadError(err.message);
    throw err;
  }
  const done = await completeUpload(base, () => say('Checking the whole file…'), parts).catch((err: unknown) => {
    throw err instanceof ConnectionLost ? new UploadError(err.message) : err;
  });
  if (done.ok) return;
  if (done.status === 503) throw new UploadError('The file is still being checked. Reload the page in a minute.');
  throw new UploadError(refusal(await errorBody(done), 'The upload could not be finished.'));
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
    const digest = await sha256Hex(await file.arrayBuffer());
    const upload = await openUpload(path, file, digest);
    showProgress(upload.received, file.size);
    await send(upload.id, file, upload.next, upload.received);
    say('Uploaded.');
    location.assign(`${pages}/${encodeURIComponent(upload.id)}?done=uploaded`);
  } catch (err) {
    if (!(err instanceof UploadError)) throw err;
    say(err.message, true);
    markPath(err.pathError);
    (err.pathError ? pathInput : fileInput).focus();
  } finally {
    if (button) button.disabled = false;
  }
});
