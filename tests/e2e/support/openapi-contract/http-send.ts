import { request } from 'node:http';

import type { Answer } from './response-verdict.js';

/**
 * One request as a fuzzer sends it, over node:http rather than fetch: fetch refuses TRACE and
 * follows redirects, and the document's every method and every 3xx must be seen as the server
 * answers them.
 */
export function send(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url, baseUrl);
    const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
    const req = request(
      target,
      {
        method,
        headers: { ...headers, ...(bytes ? { 'content-length': String(bytes.length) } : {}) },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
            headers: responseHeaders,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within 60 s`)));
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Runs `work` over `items` with at most `concurrency` at once, in order of start. */
export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
