import { ConnectionLost, parseBody, UploadRefused, xhrPut } from './chunked-upload.js';
import { JSON_HEADERS } from './dom.js';

/**
 * The pages' way to send a large file straight to the object store, when the site's store takes
 * uploads from its pages (S3_BROWSER_UPLOADS): the files service signs one URL per 5 MiB part,
 * the page PUTs the parts to the store, two at a time, and complete names every part with the
 * ETag the store answered. The bytes pass no gateway, bus or chunk object on the way, so a member
 * uploads at the store's own multipart speed (docs/members-and-agents.md, "Which path a client
 * takes"). Files up to the proxied cap, and uploads that already took chunks, stay on the API.
 */

/** Parts on their way at once: enough to keep the link busy, 10 MiB held at most. */
const IN_FLIGHT = 2;

interface SignedPart {
  number: number;
  bytes: number;
  url: string;
}
interface SignedParts {
  partBytes: number;
  urls: SignedPart[];
}
export interface SentPart {
  number: number;
  etag: string;
}

/** Where the page's uploads of `size` bytes go: the store's origin, or null for the API. */
export function storeFor(el: HTMLElement, size: number): string | null {
  const store = el.dataset.store;
  return store && size > Number(el.dataset.storeOver) ? store : null;
}

export interface PartsOptions {
  /** The file's API path, e.g. `/api/me/files/<id>`. */
  base: string;
  file: Blob;
  /** Bytes stored plus those on their way (for a progress bar: often). */
  onProgress?(bytes: number): void;
  /** Bytes the store holds, each time it answers a part (for words: once a part). */
  onAcknowledged?(bytes: number): void;
}

/**
 * Sends every part of the file to the store and answers them with their ETags, or 'chunked' when
 * the upload already took chunks through the API (the files service answers 409 to a request for
 * part URLs then), for the caller to finish it that way. A resumed upload sends every part again:
 * the service cannot tell which parts the store holds, and a part sent twice is simply replaced.
 */
export async function sendParts(opts: PartsOptions): Promise<SentPart[] | 'chunked'> {
  const res = await fetch(`${opts.base}/parts`, { method: 'POST', headers: JSON_HEADERS, body: '{}' }).catch(() => {
    throw new ConnectionLost();
  });
  if (res.status === 409) return 'chunked';
  if (!res.ok) throw new UploadRefused(res.status, parseBody(await res.text()));
  const signed = (await res.json()) as SignedParts;
  const sending = new Map<number, number>();
  let held = 0;
  const progress = () => {
    let bytes = held;
    for (const sent of sending.values()) bytes += sent;
    opts.onProgress?.(Math.min(bytes, opts.file.size));
  };
  const sent: SentPart[] = [];
  let cursor = 0;
  let stopped = false;
  const worker = async () => {
    while (cursor < signed.urls.length && !stopped) {
      const part = signed.urls[cursor++]!;
      sending.set(part.number, 0);
      try {
        sent.push(
          await putPart(opts.file, signed.partBytes, part, (bytes) => {
            sending.set(part.number, bytes);
            progress();
          }),
        );
        held += part.bytes;
        opts.onAcknowledged?.(Math.min(held, opts.file.size));
      } catch (err) {
        stopped = true;
        throw err;
      } finally {
        sending.delete(part.number);
        progress();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, signed.urls.length) }, worker));
  return sent.sort((a, b) => a.number - b.number);
}

/** One part to its presigned URL; the store's ETag, which complete names it by. */
async function putPart(file: Blob, partBytes: number, part: SignedPart, onSent: (bytes: number) => void): Promise<SentPart> {
  const start = (part.number - 1) * partBytes;
  const answer = await xhrPut(part.url, file.slice(start, start + part.bytes), onSent, true);
  if (answer.status >= 200 && answer.status < 300 && answer.etag) return { number: part.number, etag: answer.etag };
  // The store answers S3's XML, not the API's JSON: say which part and what it answered.
  throw new UploadRefused(answer.status, {
    error:
      answer.etag || answer.status >= 300
        ? `File storage refused part ${part.number} (it answered ${answer.status}).`
        : `File storage did not show its ETag for part ${part.number}: its CORS rule must expose the ETag header (docs/operators.md).`,
  });
}
