import { Agent as HttpAgent, request as httpRequest } from 'node:http';

import type { Request, Timed } from './capacity-workload.js';

/** Keep-alive connections, as browsers and agents keep theirs; many, so arrivals never queue in the client. */
export function requester(base: string): Request {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 512 });
  const url = new URL(base);
  return (path, init) =>
    new Promise<Timed>((done, fail) => {
      const json = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
      const payload = init.raw ?? json;
      const headers: Record<string, string> = {};
      if (init.key) headers.authorization = `Bearer ${init.key}`;
      if (init.token) {
        headers.authorization = `Bearer ${init.token}`;
        headers.accept = 'application/json, text/event-stream';
      }
      if (payload) {
        headers['content-type'] = init.raw ? 'application/octet-stream' : 'application/json';
        headers['content-length'] = String(payload.length);
      }
      const began = performance.now();
      const req = httpRequest(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: `${path}${init.query ? `?${init.query}` : ''}`,
          method: init.method ?? (payload ? 'POST' : 'GET'),
          headers,
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              /* not JSON: kept as text */
            }
            done({ status: res.statusCode ?? 0, ms: performance.now() - began, body });
          });
          res.on('error', fail);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', fail);
      req.end(payload);
    });
}
