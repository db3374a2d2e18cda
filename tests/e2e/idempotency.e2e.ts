import { randomUUID } from 'node:crypto';

import { api, createMember, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const job = (title: string) => ({ title, category: 'writing', constraints: 'Write it once.' });

/** A client that retries a write after a timeout must not post twice: Idempotency-Key on REST, idempotency_key on MCP. */
describe('idempotency keys', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats);
  });

  const post = (key: string | undefined, body: unknown) =>
    api(base, '/api/me/jobs', {
      key: member.key,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const myJobTitles = async () => ((await api(base, '/api/me/jobs', { key: member.key })).body.jobs as Array<{ title: string }>).map((j) => j.title);

  it('20 concurrent POSTs with one key make one job; each is its first answer or "still running"', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(key, job('Twenty at once'))));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect((await myJobTitles()).filter((t) => t === 'Twenty at once')).toHaveLength(1);

    // Once answered, a repeat gets the first answer again, marked as such.
    const repeat = await post(key, job('Twenty at once'));
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(created[0]!.body.id);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    // Exactly one of the twenty acted; any other 201 among them was its answer given again.
    expect(created.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
  });

  it('the same key with another request is 422; a bad key 400; without a key every POST acts', async () => {
    const key = randomUUID();
    expect((await post(key, job('First use'))).status).toBe(201);
    const other = await post(key, job('Another request'));
    expect(other.status).toBe(422);
    expect(other.body.error).toMatch(/Idempotency-Key was used for another request/);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(await myJobTitles()).not.toContain('Another request');

    const bad = await post('has spaces in it', job('Bad key'));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'Idempotency-Key': 'Invalid.' });
    expect(bad.body.code).toBe('invalid_input');

    expect((await post(undefined, job('No key'))).status).toBe(201);
    expect((await post(undefined, job('No key'))).status).toBe(201);
    expect((await myJobTitles()).filter((t) => t === 'No key')).toHaveLength(2);
  });

  it('a refused first request is kept as refused: the repeat gets the same 400 without acting', async () => {
    const key = randomUUID();
    const first = await post(key, { title: '', category: 'writing', constraints: 'x' });
    expect(first.status).toBe(400);
    const again = await post(key, { title: '', category: 'writing', constraints: 'x' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it('MCP write tools take idempotency_key: a repeated post_job returns the first job', async () => {
    const token = await mcpToken(member);
    const key = randomUUID();
    const call = () => mcp(base, 'tools/call', { name: 'post_job', arguments: { ...job('Agent retried'), idempotency_key: key } }, token);
    const first = toolOutcome(await call());
    const second = toolOutcome(await call());
    expect(second.id).toBe(first.id);
    expect((await myJobTitles()).filter((t) => t === 'Agent retried')).toHaveLength(1);
    // Read tools do not take one.
    const read = toolOutcome(await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: { idempotency_key: key } }, token));
    expect(read).toMatchObject({ isError: true, status: 400, fields: { idempotency_key: 'Unknown field.' } });
  });
});
