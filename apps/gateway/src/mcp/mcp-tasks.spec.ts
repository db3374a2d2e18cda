import { type DraftRecording, getJobDraft, getJobRecording, type OutputOf, writeJobDescription } from '@marketplace/contracts';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';

import { asTask, RECORDING, refOf, type TaskEnv, taskIdOf, taskListing, type TaskRef, TASKS_EXTENSION, taskTools, WRITING } from './mcp-tasks.js';
import type { Tool } from './mcp-tools.js';

type Writing = NonNullable<OutputOf<typeof getJobDraft>['tasks']['writing']>;
const STARTED = '2026-07-28T10:00:00.000Z';
const draft = (writing: Partial<Writing> | null, updatedAt = '2026-07-28T10:00:05.000Z') =>
  ({
    id: 'd1',
    updatedAt,
    tasks: { writing: writing && { status: 'pending', step: 'queued', error: null, startedAt: STARTED, finishedAt: null, ...writing } },
  }) as unknown as OutputOf<typeof getJobDraft>;
const ref: TaskRef = { k: 'writing', d: 'd1', s: STARTED, c: 'conv-1' };

describe("a draft's writing read as a task", () => {
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
  const tool = { name: 'write_job_description', op: writeJobDescription } as unknown as Tool;
  const draftRead = { name: 'get_job_draft', op: getJobDraft } as unknown as Tool;
  const reads = { name: 'get_job_recording', op: getJobRecording } as unknown as Tool;
  const env = { sdk: { CLIENT_CAPABILITIES_META_KEY: 'caps' } } as unknown as TaskEnv;
  const ctx = (caps: unknown) => ({ mcpReq: { envelope: caps === undefined ? undefined : { caps } } }) as unknown as ServerContext;
  const result: CallToolResult = { content: [{ type: 'text', text: '{}' }], structuredContent: { result: draft({}), conversationId: 'conv-1' } };

  it('answers a task only to a request that declared the extension', () => {
    const task = asTask(tool, {}, result, env, ctx({ extensions: { [TASKS_EXTENSION]: {} } })) as unknown as Record<string, unknown>;
    expect(task).toMatchObject({ resultType: 'task', status: 'working', createdAt: STARTED, ttlMs: null, pollIntervalMs: 2000 });
    expect(JSON.parse(Buffer.from(String(task.taskId), 'base64url').toString())).toEqual(ref);
    expect(asTask(tool, {}, result, env, ctx({}))).toBe(result);
    expect(asTask(tool, {}, result, env, ctx(undefined))).toBe(result);
  });

  it('leaves errors and other tools alone, and marks only task tools in tools/list', () => {
    const declared = ctx({ extensions: { [TASKS_EXTENSION]: {} } });
    const failed: CallToolResult = { isError: true, content: [{ type: 'text', text: 'no' }] };
    expect(asTask(tool, {}, failed, env, declared)).toBe(failed);
    expect(asTask(draftRead, {}, result, env, declared)).toBe(result);
    expect(taskListing(tool)).toEqual({ _meta: { 'marketplace/taskSupport': 'optional' } });
    expect(taskListing(reads)).toEqual({ _meta: { 'marketplace/taskSupport': 'optional' } });
    expect(taskListing(draftRead)).toEqual({});
  });

  it("finds each kind of work's tool and the read it polls from the catalogue entries, not from tool names", () => {
    const tools = new Map([tool, draftRead, reads].map((t) => [t.name, t]));
    expect(taskTools('writing', tools)).toEqual({ tool, read: draftRead });
    expect(taskTools('recording', tools)).toEqual({ tool: reads, read: reads });
    expect(taskTools('writing', new Map([[tool.name, tool]]))).toBeNull();
  });

  it('answers get_job_recording as a task only while the recording is analyzing, naming the draft and the recording', () => {
    const declared = ctx({ extensions: { [TASKS_EXTENSION]: {} } });
    const answer = (data: unknown): CallToolResult => ({
      content: [],
      structuredContent: { result: data as Record<string, unknown>, conversationId: 'conv-2' },
    });
    const checking = answer(recording({}));
    const task = asTask(reads, { draft_id: 'd1' }, checking, env, declared) as unknown as Record<string, unknown>;
    expect(task).toMatchObject({ resultType: 'task', status: 'working', createdAt: CHECK_STARTED });
    expect(refOf(String(task.taskId))).toEqual(recRef);
    // Checked, no recording, or a client without the extension: the recording at once.
    for (const done of [answer(recording({ status: 'needs_review' })), answer(null)]) expect(asTask(reads, { draft_id: 'd1' }, done, env, declared)).toBe(done);
    expect(asTask(reads, { draft_id: 'd1' }, checking, env, ctx({}))).toBe(checking);
  });
});

const CHECK_STARTED = '2026-07-28T10:05:00.000Z';
const recording = (rec: Partial<DraftRecording>): DraftRecording => ({
  id: 'r1',
  status: 'analyzing',
  seconds: 5,
  webcam: false,
  analyzed: false,
  summary: null,
  transcript: null,
  findings: [],
  moments: [],
  acceptedMoments: [],
  approved: false,
  checks: [],
  acknowledged: [],
  parts: 2,
  bytes: 100,
  videoUrl: null,
  createdAt: '2026-07-28T10:00:00.000Z',
  updatedAt: CHECK_STARTED,
  ...rec,
});
const recRef: TaskRef = { k: 'recording', d: 'd1', r: 'r1', s: CHECK_STARTED, c: 'conv-2' };

describe("a recording's check read as a task", () => {
  it('is working while analyzing', () => {
    const state = RECORDING.state(recRef, recording({}));
    expect(state).toMatchObject({ status: 'working', lastUpdatedAt: CHECK_STARTED, statusMessage: expect.stringMatching(/^Checking the 5-second recording/) });
    expect(state.outcome).toBeUndefined();
  });

  it('completes with the recording once checked, and with a tool error when the check failed', () => {
    const clean = recording({ status: 'approved', approved: true, analyzed: true, updatedAt: '2026-07-28T10:05:09.000Z' });
    expect(RECORDING.state(recRef, clean)).toMatchObject({
      status: 'completed',
      lastUpdatedAt: '2026-07-28T10:05:09.000Z',
      outcome: { data: clean },
      statusMessage: expect.stringMatching(/approved/),
    });
    const review = RECORDING.state(
      recRef,
      recording({ status: 'needs_review', findings: [{ kind: 'personal', atSeconds: 1, description: 'an email address' }] }),
    );
    expect(review).toMatchObject({ status: 'completed', statusMessage: expect.stringMatching(/1 finding.*review_job_recording/) });
    const unchecked = RECORDING.state(
      recRef,
      recording({
        status: 'needs_review',
        checks: [
          { part: 'screen_text', state: 'done', note: null },
          { part: 'sound', state: 'not_checked', note: 'no speech-to-text model' },
          { part: 'faces', state: 'not_checked', note: 'no face detection' },
        ],
      }),
    );
    expect(unchecked.statusMessage).toBe(
      'Not approved by itself: 0 finding(s); not checked: sound, faces; show your human and review it with review_job_recording.',
    );
    const failed = RECORDING.state(
      recRef,
      recording({ status: 'failed', summary: 'The check failed: part 0 is missing. Delete this recording and record again.' }),
    );
    expect(failed.status).toBe('completed');
    expect(failed.outcome).toMatchObject({ error: { status: 502, message: expect.stringMatching(/part 0 is missing.*create_recording_link/) } });
  });

  it('reads as cancelled once a newer recording replaced it, or it was deleted', () => {
    expect(RECORDING.state(recRef, recording({ id: 'r2', status: 'analyzing' }))).toMatchObject({
      status: 'cancelled',
      statusMessage: expect.stringMatching(/newer recording/),
    });
    expect(RECORDING.state(recRef, null)).toMatchObject({ status: 'cancelled' });
  });
});

describe('the task id', () => {
  it("round-trips both kinds, and names a recording exactly when it is a recording's check", () => {
    expect(refOf(taskIdOf(ref))).toEqual(ref);
    expect(refOf(taskIdOf(recRef))).toEqual(recRef);
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(refOf(forged({ ...recRef, r: undefined }))).toBeNull();
    expect(refOf(forged({ ...ref, r: 'r1' }))).toBeNull();
    expect(refOf(forged({ ...recRef, token: 'x' }))).toBeNull();
    expect(refOf(forged({ ...recRef, k: 'upload' }))).toBeNull();
    expect(refOf('not base64 json')).toBeNull();
  });
});
