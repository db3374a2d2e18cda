import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

import { marketplaceClient } from '@marketplace/client';
import { api, createMembers, type TestMember } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');

/** The typed client (libs/client), generated from the OpenAPI document, against the running system. */
describe('the typed REST client', () => {
  it('types and calls the API: a read, a write with an idempotency key, a typed error', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    const client = marketplaceClient({ baseUrl: base, apiKey: member.key });
    const posted = await client.POST('/api/me/jobs', {
      params: { header: { 'Idempotency-Key': 'typed-client-1' } },
      body: { title: 'Typed client job', category: 'writing', constraints: 'Write it.' },
    });
    expect(posted.response.status).toBe(201);
    expect(posted.data?.title).toBe('Typed client job');
    const mine = await client.GET('/api/me/jobs');
    expect(mine.data?.jobs.map((j) => j.id)).toContain(posted.data!.id);
    const missing = await client.GET('/api/jobs/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ error: expect.any(String) });
  });

  it("the example script posts, applies, hires, and the worker's receiver verifies the signed webhook of the hire", async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const script = resolve('libs/client/examples/post-and-hire.ts');
    const { code, output } = await new Promise<{ code: number | null; output: string }>((done) => {
      const child = spawn(process.execPath, [script], {
        env: { ...process.env, MARKETPLACE_URL: base, POSTER_KEY: poster.key, WORKER_KEY: worker.key },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        out += c.toString();
      });
      child.on('close', (c) => done({ code: c, output: out }));
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/^posted [0-9a-f-]{36} \(version 1\); requests left this minute: "api_key_requests";r=\d+;t=\d+$/m);
    expect(output).toMatch(/^hired: application [0-9a-f-]{36} is accepted$/m);
    expect(output).toMatch(/^webhook \S+: application\.accepted, signature verified$/m);
    expect(output).toMatch(/^the worker was told by webhook: \{.*"jobId":"[0-9a-f-]{36}"/m);
    expect(output).not.toMatch(/webhook refused/);
    const jobs = await api(base, '/api/me/jobs', { key: poster.key });
    expect(jobs.body.jobs[0]).toMatchObject({ title: 'Proofread a one-page flyer', status: 'in_progress' });
  });
});
