import { createHash, createHmac, randomBytes } from 'node:crypto';

import { api, createMembers, makeScreenRecording, type TestMember, until } from '@marketplace/testing';

import type { WebhookReceiver } from './chart-webhook-receiver.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface JourneyOptions {
  baseUrl: string;
  natsUrl: string;
  receiver: WebhookReceiver;
  /** The webhook URL members register (a public https name the cluster resolves to the receiver). */
  webhookUrl: string;
  log: (line: string) => void;
}

/** What the journey saw, step by step, for the run's summary. */
export type JourneySteps = Array<{ step: string; ms: number }>;

/**
 * The whole job through the cluster's gateway: two members, a webhook, post, apply, hire, a job
 * file both ways, a walkthrough recording uploaded through its link and checked by the drafts
 * worker (ffmpeg, OCR), and the hire's webhook delivered and signed. Throws at the first step that
 * does not answer as it should, naming it.
 */
export async function runJourney(opts: JourneyOptions): Promise<JourneySteps> {
  const steps: JourneySteps = [];
  let last = Date.now();
  const done = (step: string) => {
    const now = Date.now();
    steps.push({ step, ms: now - last });
    opts.log(`journey: ${step} (${now - last} ms)`);
    last = now;
  };
  const call = (who: TestMember | undefined, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    expectOk(opts.baseUrl, who, path, init);

  const [poster, worker] = (await createMembers(opts.natsUrl, 2)) as [TestMember, TestMember];
  done('two members with API keys (operator, over the bus)');
  const hook = await call(worker, '/api/me/webhooks', { body: { url: opts.webhookUrl, events: ['application.accepted'] } });
  done('webhook registered');

  const job = await call(poster, '/api/me/jobs', { body: { title: 'Tag sixty songs by genre', category: 'data', constraints: 'Genre tags in a CSV.' } });
  done('job posted');
  const application = await call(worker, `/api/jobs/${job.id}/applications`, {
    body: { pitch: 'I tag music every week.', acceptResponsibility: true, model: 'test-model-1' },
  });
  done('applied');
  await call(poster, `/api/me/job-applications/${application.id}/accept`, { method: 'POST' });
  done('hired');

  // The poster lets the hired worker into the job's files; a file in the worker's folder, uploaded
  // in one chunk; the poster downloads the same bytes.
  await call(poster, `/api/jobs/${job.id}/file-access`, { method: 'PUT', body: { allowed: true } });
  const data = randomBytes(200 * 1024);
  const created = await call(worker, `/api/jobs/${job.id}/files`, { body: { path: 'work/tags.csv', size: data.length, sha256: sha(data) } });
  const fileId = String(created.file.id);
  const chunk = await fetch(`${opts.baseUrl}/api/jobs/${job.id}/files/${fileId}/chunks/0?sha256=${sha(data)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${worker.key}`, 'content-type': 'application/octet-stream' },
    body: data,
  });
  if (chunk.status !== 200) throw new Error(`the file's chunk answered ${chunk.status}: ${await chunk.text()}`);
  const completed = await call(worker, `/api/jobs/${job.id}/files/${fileId}/complete`, { method: 'POST' });
  if (completed.status !== 'ready') throw new Error(`the completed file is ${String(completed.status)}, not ready`);
  const link = await call(poster, `/api/jobs/${job.id}/files/${fileId}/download`, { method: 'POST' });
  // The link is made for PUBLIC_URL; it is fetched through the cluster's entrance, as the Ingress would carry it.
  const url = new URL(String(link.url), opts.baseUrl);
  const fetched = Buffer.from(
    await (await fetch(`${opts.baseUrl}${url.pathname}${url.search}`, { headers: { authorization: `Bearer ${poster.key}` } })).arrayBuffer(),
  );
  if (!fetched.equals(data)) throw new Error(`the downloaded file differs from the upload (${fetched.length} bytes, expected ${data.length})`);
  done('file access granted; a job file uploaded by the worker and downloaded by the poster, byte for byte');

  const checked = await recordWalkthrough(opts.baseUrl, poster);
  done(`walkthrough recording checked (${String(checked.status)}; screen text read: ${JSON.stringify(String(checked.summary).slice(0, 60))})`);

  // The hire's event reached the worker's endpoint, signed with the endpoint's secret.
  const delivery = await until(() => opts.receiver.received.find((r) => verifiedType(String(hook.secret), r) === 'application.accepted'), {
    timeoutMs: 60_000,
    intervalMs: 250,
    what: 'the application.accepted webhook',
  });
  done(`webhook delivered over https and signed (webhook-id ${String(delivery.headers['webhook-id'])})`);
  return steps;
}

/** One API call that must answer 200 or 201; its body. */
async function expectOk(
  baseUrl: string,
  who: TestMember | undefined,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Record<string, any>> {
  const res = await api(baseUrl, path, { ...init, ...(who ? { key: who.key } : {}) });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${init.method ?? (init.body ? 'POST' : 'GET')} ${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`);
  return res.body as Record<string, any>;
}

/**
 * A walkthrough recording as the record page makes it: a draft, its record link, the parts through
 * the link's API, complete; then the drafts worker's check (ffmpeg, OCR) until it has read the
 * screen. Answers the checked recording; throws naming the step that failed.
 */
export async function recordWalkthrough(baseUrl: string, poster: TestMember): Promise<Record<string, any>> {
  const call = (who: TestMember | undefined, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    expectOk(baseUrl, who, path, init);
  const draft = await call(poster, '/api/me/job-drafts', {
    body: { answers: { context: 'A small web shop on a hosted platform.', problem: 'The nightly stock export fails with a timeout.' } },
  });
  const recordLink = await call(poster, `/api/me/job-drafts/${draft.id}/recording-links`, { body: {} });
  const token = String(recordLink.path).split('#')[1]!;
  const holder = { 'x-recording-token': token };
  const video = await makeScreenRecording({ seconds: 5, lines: [{ text: '$ npm run export' }, { text: 'Error: export timed out after 30s', from: 2 }] });
  const started = await call(undefined, '/api/recordings', { body: {}, headers: holder });
  const partBytes = 64 * 1024;
  let parts = 0;
  for (let at = 0; at < video.length; at += partBytes) {
    const part = video.subarray(at, at + partBytes);
    const put = await fetch(`${baseUrl}/api/recordings/${started.id}/parts/${parts++}?sha256=${sha(part)}`, {
      method: 'PUT',
      headers: { ...holder, 'content-type': 'video/webm' },
      body: new Uint8Array(part),
    });
    if (put.status !== 200) throw new Error(`recording part ${parts - 1} answered ${put.status}: ${await put.text()}`);
  }
  await call(undefined, `/api/recordings/${started.id}/complete`, { body: { parts, size: video.length, seconds: 5 }, headers: holder });
  const checked = await until(
    async () => {
      const rec = await call(undefined, `/api/recordings/${started.id}`, { headers: holder });
      return rec.status === 'analyzing' ? undefined : rec;
    },
    { timeoutMs: 120_000, intervalMs: 500, what: 'the walkthrough recording check' },
  );
  // The screen was read (OCR found the terminal's text): `analyzed`, or, where the answer lists its
  // checks part by part, the screen text's check done.
  const checks = checked.checks as Array<{ part: string; state: string }> | undefined;
  const screenRead = checks ? checks.find((c) => c.part === 'screen_text')?.state === 'done' : checked.analyzed === true;
  if (!screenRead || !/npm run export/.test(String(checked.summary))) {
    throw new Error(
      `the recording was not checked: status ${String(checked.status)}, checks ${JSON.stringify(checked.checks)}, summary ${JSON.stringify(checked.summary)}`,
    );
  }
  return checked;
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed by the secret's bytes>; the event type when it verifies. */
function verifiedType(secret: string, r: { headers: Record<string, string | string[] | undefined>; body: string }): string | undefined {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`)
    .digest('base64');
  const signatures = String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .map((s) => s.replace(/^v1,/, ''));
  if (!signatures.includes(expected)) return undefined;
  return (JSON.parse(r.body) as { type?: string }).type;
}
