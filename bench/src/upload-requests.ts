import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';

// The files bench's own HTTP: the chunks go out through node:http, the client the direct PUTs
// use, so the two differ only in where the bytes go.

/** Kept alive across the run; destroyed when it ends (closeUploadAgent). */
const agent = new Agent({ keepAlive: true });

export function closeUploadAgent(): void {
  agent.destroy();
}

/** One raw chunk PUT through the gateway with the member's key; answers the status and body text. */
export function sendChunk(url: string, key: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'PUT',
        agent,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
      },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (piece: string) => {
            text += piece;
          })
          .once('end', () => resolve({ status: res.statusCode ?? 0, text }))
          .once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** One part PUT on its presigned URL, as any S3 client sends it; answers the part's ETag. */
export function putPart(url: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', agent, headers: { 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (piece: string) => {
          text += piece;
        })
        .once('end', () => {
          const etag = res.headers.etag;
          if (res.statusCode === 200 && etag) resolve(etag);
          else reject(new Error(`A part PUT answered ${res.statusCode}: ${text.slice(0, 300)}`));
        })
        .once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
