// An example of the typed client: a poster posts a job, a worker applies, the poster hires.
// Run against a marketplace (npm start) with two members' API keys:
//   MARKETPLACE_URL=http://127.0.0.1:3000 POSTER_KEY=tl_… WORKER_KEY=tl_… node libs/client/examples/post-and-hire.ts
import { randomUUID } from 'node:crypto';
import { marketplaceClient } from '@marketplace/client';

const baseUrl = process.env.MARKETPLACE_URL ?? 'http://127.0.0.1:3000';
const poster = marketplaceClient({ baseUrl, apiKey: required('POSTER_KEY') });
const worker = marketplaceClient({ baseUrl, apiKey: required('WORKER_KEY') });

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

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}.`);
  return value;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
