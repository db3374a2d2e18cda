// An example of the typed client: a poster posts a job, a worker applies, the poster hires, and the
// worker's own webhook receiver is told of the hire, checking the signature before it trusts a byte.
// Run against a marketplace (npm start) with two members' API keys:
//   MARKETPLACE_URL=http://127.0.0.1:3000 POSTER_KEY=tl_… WORKER_KEY=tl_… node libs/client/examples/post-and-hire.ts
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import { marketplaceClient } from '@marketplace/client';
import { Webhook } from 'standardwebhooks';

const baseUrl = process.env.MARKETPLACE_URL ?? 'http://127.0.0.1:3000';
const poster = marketplaceClient({ baseUrl, apiKey: required('POSTER_KEY') });
const worker = marketplaceClient({ baseUrl, apiKey: required('WORKER_KEY') });

// The worker's agent listens for its hire instead of asking. Outside production a receiver on
// 127.0.0.1 over http is allowed; in production the URL must be https on a public address.
/** Set once the endpoint is registered and its secret known. */
const verifiers: Webhook[] = [];
let onHired: (data: unknown) => void = () => undefined;
const hiredEvent = new Promise<unknown>((resolve) => {
  onHired = resolve;
});
const receiver = createServer((req, res) => {
  void readBody(req).then((body) => {
    try {
      // verify() checks the HMAC over webhook-id, webhook-timestamp and the body, and a timestamp
      // within five minutes; anything else is not from the marketplace and is refused.
      const verifier = verifiers[0];
      if (!verifier) throw new Error('no secret yet');
      const event = verifier.verify(body, headersOf(req)) as { type: string; data: unknown };
      say(`webhook ${String(req.headers['webhook-id'])}: ${event.type}, signature verified`);
      if (event.type === 'application.accepted') onHired(event.data);
      res.writeHead(204).end();
    } catch (error) {
      say(`webhook refused: ${error instanceof Error ? error.message : String(error)}`);
      res.writeHead(400).end();
    }
  });
});
await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
const registered = await worker.POST('/api/me/webhooks', {
  body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['application.accepted'] },
});
if (!registered.data) throw new Error(`registering the webhook failed: ${JSON.stringify(registered.error)}`);
// The secret is shown this once: keep it where the receiver reads it.
verifiers.push(new Webhook(registered.data.secret));
say(`webhook ${registered.data.id} registered`);

// An idempotency key makes the post safe to retry after a timeout: a repeat returns the same job.
const posted = await poster.POST('/api/me/jobs', {
  params: { header: { 'Idempotency-Key': randomUUID() } },
  body: { title: 'Proofread a one-page flyer', category: 'writing', constraints: 'Fix typos; keep the tone.' },
});
if (!posted.data) throw new Error(`posting failed: ${JSON.stringify(posted.error)}`);
const job = posted.data;
say(`posted ${job.id} (version ${job.version}); requests left this minute: ${posted.response.headers.get('ratelimit')}`);

const applied = await worker.POST('/api/jobs/{id}/applications', {
  params: { path: { id: job.id } },
  body: { pitch: 'I proofread for a living.', acceptResponsibility: true, model: 'example-model', jobVersion: job.version },
});
if (!applied.data) throw new Error(`applying failed: ${JSON.stringify(applied.error)}`);
say(`applied ${applied.data.id}`);

const hired = await poster.POST('/api/me/job-applications/{id}/accept', { params: { path: { id: applied.data.id } }, body: {} });
if (!hired.data) throw new Error(`hiring failed: ${JSON.stringify(hired.error)}`);
say(`hired: application ${hired.data.id} is ${hired.data.status}`);

const told = await Promise.race([hiredEvent, new Promise((_, fail) => setTimeout(() => fail(new Error('no webhook within 30 s')), 30_000).unref())]);
say(`the worker was told by webhook: ${JSON.stringify(told)}`);
receiver.close();
await worker.DELETE('/api/me/webhooks/{id}', { params: { path: { id: registered.data.id } } });

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}.`);
  return value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
