import { describe, expect, it } from 'vitest';
import type { getJobDraft, OutputOf } from '@marketplace/contracts';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { asTask, taskListing, TASKS_EXTENSION, WRITING, type TaskEnv, type TaskRef } from './mcp-tasks.js';
import type { Tool } from './mcp-tools.js';

type Writing = NonNullable<OutputOf<typeof getJobDraft>['tasks']['writing']>;
const STARTED = '2026-07-28T10:00:00.000Z';
const draft = (writing: Partial<Writing> | null, updatedAt = '2026-07-28T10:00:05.000Z') => ({
  id: 'd1', updatedAt,
  tasks: { writing: writing && { status: 'pending', step: 'queued', error: null, startedAt: STARTED, finishedAt: null, ...writing } },
}) as unknown as OutputOf<typeof getJobDraft>;
const ref: TaskRef = { k: 'writing', d: 'd1', s: STARTED, c: 'conv-1' };

describe('a draft\'s writing read as a task', () => {
  it('is working while pending, saying whether it is queued or under way', () => {
    expect(WRITING.state(ref, draft({}))).toMatchObject({ status: 'working', statusMessage: expect.stringMatching(/^Queued/) });
    expect(WRITING.state(ref, draft({ step: 'writing' }))).toMatchObject({ status: 'working', statusMessage: 'Writing the posting (writing).' });
    expect(WRITING.state(ref, draft({})).outcome).toBeUndefined();
  });

  it('completes with the draft once written, and with a tool error when the writing failed', () => {
    const written = draft({ status: 'ready', step: 'done with m', finishedAt: '2026-07-28T10:00:09.000Z' });
    expect(WRITING.state(ref, written)).toMatchObject({ status: 'completed', lastUpdatedAt: '2026-07-28T10:00:09.000Z', outcome: { data: written } });
    // A writing pending past ten minutes reads as failed in the draft: still a completed task, not a protocol failure.
    const failed = WRITING.state(ref, draft({ status: 'failed', error: 'The task took longer than 10 minutes. Start it again.' }));
    expect(failed.status).toBe('completed');
    expect(failed.outcome).toMatchObject({ error: { status: 502, message: expect.stringMatching(/10 minutes.*write_job_description again/) } });
  });

  it('reads as cancelled once a later writing replaced it', () => {
    expect(WRITING.state(ref, draft({ startedAt: '2026-07-28T11:00:00.000Z' }))).toMatchObject({ status: 'cancelled' });
    expect(WRITING.state(ref, draft(null))).toMatchObject({ status: 'cancelled' });
  });
});

describe('the tools/call hook', () => {
  const tool = { name: 'write_job_description' } as Tool;
  const env = { sdk: { CLIENT_CAPABILITIES_META_KEY: 'caps' } } as unknown as TaskEnv;
  const ctx = (caps: unknown) => ({ mcpReq: { envelope: caps === undefined ? undefined : { caps } } }) as unknown as ServerContext;
  const result: CallToolResult = { content: [{ type: 'text', text: '{}' }], structuredContent: { result: draft({}), conversationId: 'conv-1' } };

  it('answers a task only to a request that declared the extension', () => {
    const task = asTask(tool, result, env, ctx({ extensions: { [TASKS_EXTENSION]: {} } })) as unknown as Record<string, unknown>;
    expect(task).toMatchObject({ resultType: 'task', status: 'working', createdAt: STARTED, ttlMs: null, pollIntervalMs: 2000 });
    expect(JSON.parse(Buffer.from(String(task.taskId), 'base64url').toString())).toEqual(ref);
    expect(asTask(tool, result, env, ctx({}))).toBe(result);
    expect(asTask(tool, result, env, ctx(undefined))).toBe(result);
  });

  it('leaves errors and other tools alone, and marks only task tools in tools/list', () => {
    const declared = ctx({ extensions: { [TASKS_EXTENSION]: {} } });
    const failed: CallToolResult = { isError: true, content: [{ type: 'text', text: 'no' }] };
    expect(asTask(tool, failed, env, declared)).toBe(failed);
    expect(asTask({ name: 'get_job_draft' } as Tool, result, env, declared)).toBe(result);
    expect(taskListing(tool)).toEqual({ _meta: { 'marketplace/taskSupport': 'optional' } });
    expect(taskListing({ name: 'get_job_draft' })).toEqual({});
  });
});
