import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WebhookReceiver {
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  /** The certificate the notifications processes must trust (NODE_EXTRA_CA_CERTS, set through the chart's values). */
  caFile: string;
  /** Listens on the address, which exists only while a cluster's bridge holds it. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A member's webhook endpoint as production accepts one: https on port 443 at a public address
 * (`address`, which the run's bridge holds) under a public name, with a certificate of its own
 * made by openssl for that name.
 */
export async function startWebhookReceiver(dir: string, name: string, address: string): Promise<WebhookReceiver> {
  const keyFile = join(dir, 'hook.key');
  const caFile = join(dir, 'hook.crt');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
    '-addext',
    `subjectAltName=DNS:${name}`,
    '-keyout',
    keyFile,
    '-out',
    caFile,
  ]);
  const received: WebhookReceiver['received'] = [];
  const server = createServer({ key: await readFile(keyFile), cert: await readFile(caFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  return {
    received,
    caFile,
    listen: () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(443, address, () => resolve())),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
