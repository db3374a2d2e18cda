import { type ErrorBody, JSON_HEADERS, sha256Hex } from './dom.js';

/**
 * The pages' one way to send a file over the chunked API (sha256-checked chunks, then complete),
 * used by the files page and the work page. Several chunks are on their way at once: sent one at
 * a time, the member's link sat idle for a network round trip and the service's own time on
 * every 256 KiB chunk (on a 50 ms round trip, about as long as sending the chunk itself). A chunk
 * the service asks to wait for (429 or 503, with Retry-After) is sent again after the wait; any
 * other refusal stops the upload.
 */

/** Chunks on their way at once: enough to cover the round trips, few enough to bound memory (1 MiB). */
const IN_FLIGHT = 4;
/** How often one chunk is sent again after a 429 or 503 before the upload stops. */
const RETRIES = 8;
/** The longest wait between retries, whatever Retry-After says. */
const MAX_WAIT_S = 30;

export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.error ?? `The server answered ${status}.`);
  }
}

/** What a member is told when the connection drops: what was acknowledged is kept. */
export const CONNECTION_LOST = 'The connection was lost. Choose the same file again to resume.';

export class ConnectionLost extends Error {
  constructor() {
    super(CONNECTION_LOST);
  }
}

export interface ChunkOptions {
  /** The file's API path, e.g. `/api/me/files/<id>`. */
  base: string;
  file: Blob;
  chunkBytes: number;
  /** The lowest chunk the service lacks (null: none), and the bytes it holds, as it last said. */
  first: number | null;
  received: number;
  /** Bytes received by the service plus those on their way (for a progress bar: often). */
  onProgress?(bytes: number): void;
  /** Bytes the service holds, each time it acknowledges a chunk (for words: once a chunk). */
  onAcknowledged?(bytes: number): void;
  /** The service asked to wait this many seconds before a chunk is sent again. */
  onWait?(seconds: number): void;
}

interface ChunkAnswer {
  nextIndex: number | null;
  file: { received: number };
}

/**
 * Sends every chunk from `first` on. When the service holds only the chunks below `first` (a new
 * upload, or one cut off while sending in order), the rest go several at once. When it holds some
 * past a gap (an upload cut off with chunks in flight), chunks follow the service's `nextIndex`
 * one by one until the gap is gone, so a chunk it holds is never sent twice.
 */
export async function sendChunks(opts: ChunkOptions): Promise<void> {
  const count = Math.ceil(opts.file.size / opts.chunkBytes);
  let held = opts.received;
  let next = opts.first;
  const sending = new Map<number, number>();
  const progress = () => {
    let bytes = held;
    for (const sent of sending.values()) bytes += sent;
    opts.onProgress?.(Math.min(bytes, opts.file.size));
  };
  /** Sends one chunk; `took` counts it as held once acknowledged. */
  const send = async (index: number, took: (answer: ChunkAnswer, bytes: number) => void): Promise<ChunkAnswer> => {
    sending.set(index, 0);
    try {
      const answer = await putChunk(opts, index, (sent) => {
        sending.set(index, sent);
        progress();
      });
      took(answer, Math.min(opts.chunkBytes, opts.file.size - index * opts.chunkBytes));
      opts.onAcknowledged?.(Math.min(held, opts.file.size));
      return answer;
    } finally {
      sending.delete(index);
      progress();
    }
  };

  while (next !== null && held !== next * opts.chunkBytes) {
    next = (
      await send(next, (answer) => {
        held = answer.file.received;
      })
    ).nextIndex;
  }
  if (next === null) return;
  // Nothing at or past `next` is held: hand out every index from it, a few at a time, and count
  // each chunk's own bytes as it is acknowledged (the service's total may already include chunks
  // whose answers are still on their way, which the bar shows as in flight).
  let cursor = next;
  let stopped = false;
  const worker = async () => {
    // A refusal stops the upload: the other workers send no further chunk once theirs is answered.
    while (cursor < count && !stopped) {
      await send(cursor++, (_answer, bytes) => {
        held += bytes;
      }).catch((err: unknown) => {
        stopped = true;
        throw err;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count - cursor) }, worker));
}

/** One chunk, sent again when the service asks to wait; answers the service's acknowledgement. */
async function putChunk(opts: ChunkOptions, index: number, onSent: (bytes: number) => void): Promise<ChunkAnswer> {
  const start = index * opts.chunkBytes;
  const chunk = opts.file.slice(start, Math.min(start + opts.chunkBytes, opts.file.size));
  const url = `${opts.base}/chunks/${index}?sha256=${await sha256Hex(await chunk.arrayBuffer())}`;
  for (let attempt = 0; ; attempt += 1) {
    const answer = await xhrPut(url, chunk, onSent);
    if (answer.status >= 200 && answer.status < 300) return JSON.parse(answer.text) as ChunkAnswer;
    onSent(0);
    if ((answer.status === 429 || answer.status === 503) && attempt < RETRIES) {
      const seconds = Math.min(MAX_WAIT_S, Number(answer.retryAfter) || 2);
      opts.onWait?.(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    throw new UploadRefused(answer.status, parseBody(answer.text));
  }
}

export interface PutAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
  etag: string | null;
}

/**
 * A PUT by XMLHttpRequest, whose upload events report the bytes sent as they go: to the API (its
 * content type sent, Retry-After read), or, `toStore`, a part to the object store (no content
 * type, so its CORS rule need allow no request header; only the ETag read, the one header it
 * exposes). The body is a slice of the chosen file, not its bytes read into the page: the browser
 * then sends it from the file itself, where an ArrayBuffer is copied out of the page first (in
 * Chromium here, 100 MiB in 5 MiB parts took 4.3 s as slices and 37.6 s as ArrayBuffers).
 */
export function xhrPut(url: string, body: Blob, onSent: (bytes: number) => void, toStore = false): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (!toStore) xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.addEventListener('progress', (e) => onSent(e.loaded));
    xhr.addEventListener('load', () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfter: toStore ? null : xhr.getResponseHeader('retry-after'),
        etag: toStore ? xhr.getResponseHeader('etag') : null,
      }),
    );
    // A dropped connection is an error; one the browser itself gave up on, an abort.
    for (const lost of ['error', 'abort', 'timeout'] as const) xhr.addEventListener(lost, () => reject(new ConnectionLost()));
    xhr.send(body);
  });
}

export function parseBody(text: string): ErrorBody {
  try {
    return JSON.parse(text || '{}') as ErrorBody;
  } catch {
    return {};
  }
}

/**
 * Completes the upload (`parts`: those sent straight to the store, with their ETags). A file over
 * the proxied cap is joined and checked in the background, and complete answers 503 with
 * Retry-After until it is ready: asked again 60 times at most, each after its Retry-After (2 s
 * when absent, 10 s at most). Answers the last response (ok, a refusal, or still 503).
 */
export async function completeUpload(base: string, onChecking: () => void, parts?: readonly { number: number; etag: string }[]): Promise<Response> {
  const body = JSON.stringify(parts ? { parts } : {});
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(`${base}/complete`, { method: 'POST', headers: JSON_HEADERS, body }).catch(() => {
      throw new ConnectionLost();
    });
    if (res.status !== 503 || attempt >= 60) return res;
    onChecking();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(10, Number(res.headers.get('retry-after')) || 2)));
  }
}
