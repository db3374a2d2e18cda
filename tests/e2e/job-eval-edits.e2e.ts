import { api, createMember, mcp, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';
import { postFromDraft } from './support/drafts.js';
import { mcpToken } from './support/mcp-token.js';

/**
 * The job eval follows the posted job: a content edit (edit_job) has the drafts worker write it
 * again for the new version, off the request path; get_job_eval names that version and reads
 * pending (and stale) until the rewrite is in. No model here: the built-in checklist scores the
 * job's description by its sections.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

afterAll(async () => {
  // Whatever happened, the worker runs again for the files that follow.
  await service('start', 'drafts-worker', {});
}, 60_000);

const evalOf = (m: TestMember, draftId: string) => api(base, `/api/me/job-drafts/${draftId}/eval`, { key: m.key }).then((r) => r.body);

describe('the job eval after an edit', () => {
  it('is written again for the new version in the background, pending until then; a visibility edit leaves it', async () => {
    const poster = await createMember(nats);
    const { job, draftId } = await postFromDraft(poster, 'public');
    const first = await evalOf(poster, draftId);
    expect(first).toMatchObject({ jobId: job.id, jobVersion: 1, stale: false, task: { status: 'ready' }, evaluation: { score: 100, gaps: [] } });

    // The worker is down, so the rewrite waits: the eval names the new version and reads pending.
    await service('stop', 'drafts-worker');
    const token = await mcpToken(poster);
    const tool = async (name: string, args: Record<string, unknown>) => toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, token));
    const edited = await tool('edit_job', { job_id: job.id, constraints: '## Scope\n\nFix the nightly export.\n\n## Deliverables\n\nA patch.' });
    expect(edited).toMatchObject({ id: job.id, version: 2 });
    const pending = await until(
      async () => {
        const e = await tool('get_job_eval', { draft_id: draftId });
        return e.jobVersion === 2 ? e : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200, what: 'the edit to reach the drafts service' },
    );
    expect(pending).toMatchObject({ stale: true, task: { status: 'pending', finishedAt: null }, evaluation: first.evaluation });

    await service('start', 'drafts-worker', {});
    const rewritten = await until(
      async () => {
        const e = await evalOf(poster, draftId);
        return e.task.status === 'pending' ? undefined : e;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the eval to be written again' },
    );
    expect(rewritten).toMatchObject({
      jobId: job.id,
      jobVersion: 2,
      stale: false,
      task: { status: 'ready', error: null },
      evaluation: { score: 55, analyzed: false, gaps: ['Timeline is not described', 'Access is not described', 'Proof of work is not described'] },
    });

    // A visibility-only edit publishes a version but changes no text: nothing is rewritten.
    const hidden = await api(base, `/api/me/jobs/${job.id}`, { key: poster.key, method: 'PATCH', body: { posterVisibility: 'anonymous' } });
    expect(hidden.body.version).toBe(3);
    const restored = await tool('edit_job', {
      job_id: job.id,
      constraints: `${edited.constraints}\n\n## Timeline\n\nOne week.\n\n## Access\n\nThe repository.\n\n## Proof of work\n\nA green run.`,
    });
    expect(restored.version).toBe(4);
    const latest = await until(
      async () => {
        const e = await evalOf(poster, draftId);
        return e.jobVersion === 4 && e.task.status === 'ready' ? e : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the eval of version 4' },
    );
    expect(latest).toMatchObject({ stale: false, evaluation: { score: 100, gaps: [] } });
    expect(Date.parse(latest.task.startedAt)).toBeGreaterThan(Date.parse(rewritten.task.finishedAt));
  }, 120_000);
});
