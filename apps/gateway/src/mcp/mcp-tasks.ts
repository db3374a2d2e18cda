import { AppError, type getJobDraft, type getJobRecording, MCP_TASK_WORKS, type McpTask, type McpTaskWork, type OutputOf } from '@marketplace/contracts';
import type { CallContext } from '@marketplace/service-kit/edge';
import type { CallToolResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

import type { McpSdk } from './mcp-sdk.js';
import { invokeTool, type ToolDeps, toolError, toolResult } from './mcp-tool-call.js';
import { type Tool, toolScope } from './mcp-tools.js';

/**
 * Long work as tasks (the tasks extension of MCP 2026-07-28, `io.modelcontextprotocol/tasks`): for
 * a client that declares the extension on its request, a tool whose answer is background work still
 * under way answers a task handle instead, and `tasks/get` answers the work's state and, once done,
 * the tool's result. Which tools may, and which read answers `tasks/*`, is the catalogue entry's
 * `mcp.task` (McpTask); this module knows how each kind of work reads as a task.
 *
 * No task is kept here: the task id names the product's own record of the work (a draft's writing,
 * a draft's walkthrough recording), and every `tasks/*` request reads that record again through
 * the same read operation an agent polls, as the caller. So any gateway replica answers, a restart
 * loses nothing, and the owning service decides who may see it (anyone else's draft is 404, which
 * answers as an unknown task).
 */

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * How tools/list marks a tool that may answer a task. The extension lets the server decide per
 * call and defines no mark of its own (2025-11-25's `execution.taskSupport` is gone from
 * 2026-07-28, and the SDK strips it), so the mark is ours, in the tool's `_meta`.
 */
export const TASK_SUPPORT_META = 'marketplace/taskSupport';

/** How often a client should poll tasks/get: the worker writes a posting, or checks a recording, in seconds. */
const POLL_INTERVAL_MS = 2000;

type JobDraft = OutputOf<typeof getJobDraft>;
type JobRecording = OutputOf<typeof getJobRecording>;

/** The parts of a recording's check that were not checked, as the task's message names them. */
const unchecked = (rec: NonNullable<JobRecording>): string => {
  const parts = rec.checks.filter((c) => c.state === 'not_checked').map((c) => c.part);
  return parts.length ? `; not checked: ${parts.join(', ')}` : '';
};

/** What the task id carries: enough to find the record again, nothing the caller could not read anyway. */
const taskRefSchema = z
  .object({
    /** The kind of work. */
    k: z.enum(MCP_TASK_WORKS),
    /** The draft. */
    d: z.string().min(1).max(100),
    /** The recording checked (kind recording only): a newer recording of the draft is another task. */
    r: z.string().min(1).max(100).optional(),
    /** When the work started: a later run of the same work is another task. */
    s: z.string().min(1).max(40),
    /** The conversation id the starting call answered, answered again with the outcome. */
    c: z.string().min(1).max(100),
  })
  .strict()
  .refine((ref) => (ref.k === 'recording') === (ref.r !== undefined));
export type TaskRef = z.infer<typeof taskRefSchema>;

export function taskIdOf(ref: TaskRef): string {
  return Buffer.from(JSON.stringify(ref)).toString('base64url');
}

export function refOf(taskId: string): TaskRef | null {
  try {
    const parsed = taskRefSchema.safeParse(JSON.parse(Buffer.from(taskId, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The state of a task as its record tells it; `outcome` once completed (the tool's data, or its error). */
interface TaskState {
  status: 'working' | 'completed' | 'cancelled';
  statusMessage: string;
  lastUpdatedAt: string;
  outcome?: { data: unknown } | { error: AppError };
}

/** How one kind of background work reads as a task, from the data of its tool and of its poll. */
export interface TaskKind {
  kind: McpTaskWork;
  /** The work under way that the tool's data (for these arguments) shows, if any. */
  started(data: unknown, args: Record<string, unknown>): Omit<TaskRef, 'k' | 'c'> | null;
  /** The task's state from the read tool's data. */
  state(ref: TaskRef, data: unknown): TaskState;
}

/** write_job_description: the draft's writing (`tasks.writing`), until the posting is written. */
export const WRITING: TaskKind = {
  kind: 'writing',
  started(data) {
    const draft = data as JobDraft;
    return draft.tasks.writing ? { d: draft.id, s: draft.tasks.writing.startedAt } : null;
  },
  state(ref, data) {
    const draft = data as JobDraft;
    const writing = draft.tasks.writing;
    if (!writing || writing.startedAt !== ref.s) {
      return {
        status: 'cancelled',
        lastUpdatedAt: writing?.startedAt ?? draft.updatedAt,
        statusMessage: 'A later write_job_description call replaced this writing; follow the task that call answered, or get_job_draft.',
      };
    }
    if (writing.status === 'pending') {
      return {
        status: 'working',
        lastUpdatedAt: latest(writing.startedAt, draft.updatedAt),
        statusMessage: writing.step === 'queued' ? 'Queued: the posting will be written shortly.' : `Writing the posting (${writing.step ?? 'under way'}).`,
      };
    }
    const lastUpdatedAt = writing.finishedAt ?? draft.updatedAt;
    if (writing.status === 'failed') {
      return {
        status: 'completed',
        lastUpdatedAt,
        statusMessage: writing.error ?? 'The writing failed.',
        outcome: { error: new AppError(502, `${writing.error ?? 'The writing failed.'} Call write_job_description again.`) },
      };
    }
    return {
      status: 'completed',
      lastUpdatedAt,
      outcome: { data: draft },
      statusMessage: `Written (${writing.step ?? 'done'}): show each review part to your human and approve it with approve_draft_part.`,
    };
  },
};

/**
 * get_job_recording: the check of the draft's walkthrough recording (`analyzing`, contract:
 * "Recording status"), which the record page's complete started. A task only while the recording
 * is still analyzing; it is the recording's own row, read through get_job_recording each time.
 */
export const RECORDING: TaskKind = {
  kind: 'recording',
  started(data, args) {
    const rec = data as JobRecording;
    // While analyzing nothing else writes the row, so updatedAt is when the check started.
    return rec?.status === 'analyzing' && typeof args.draft_id === 'string' ? { d: args.draft_id, r: rec.id, s: rec.updatedAt } : null;
  },
  state(ref, data) {
    const rec = data as JobRecording;
    if (!rec || rec.id !== ref.r) {
      return {
        status: 'cancelled',
        lastUpdatedAt: rec?.updatedAt ?? ref.s,
        statusMessage: "A newer recording replaced this one, or it was deleted: call get_job_recording for the draft's current recording.",
      };
    }
    if (rec.status === 'analyzing' || rec.status === 'uploading') {
      return {
        status: 'working',
        lastUpdatedAt: rec.updatedAt,
        statusMessage: `Checking the ${Math.round(rec.seconds)}-second recording for anything that should not be shown, and for moments that suggest a requirement.`,
      };
    }
    if (rec.status === 'failed') {
      const reason = rec.summary ?? 'The check of this recording failed.';
      return {
        status: 'completed',
        lastUpdatedAt: rec.updatedAt,
        statusMessage: reason,
        outcome: { error: new AppError(502, `${reason} Delete it with review_job_recording (action delete) and make a new link with create_recording_link.`) },
      };
    }
    return {
      status: 'completed',
      lastUpdatedAt: rec.updatedAt,
      outcome: { data: rec },
      statusMessage:
        rec.status === 'approved'
          ? rec.acknowledged.length
            ? `Approved, acknowledging ${rec.acknowledged.join(', ')}.`
            : 'Checked: every part done, nothing found, approved.'
          : `Not approved by itself: ${rec.findings.length} finding(s)${unchecked(rec)}; show your human and review it with review_job_recording.`,
    };
  },
};

const KINDS: Record<McpTaskWork, TaskKind> = { writing: WRITING, recording: RECORDING };

/** The task a tool's catalogue entry declares, if it may answer one. */
const taskOf = (tool: Pick<Tool, 'op'>): McpTask | undefined => tool.op.mcp?.task;

/** The tool that declares this kind of work, and the tool its poll reads through; null when not served here. */
export function taskTools(work: McpTaskWork, tools: ReadonlyMap<string, Tool>): { tool: Tool; read: Tool } | null {
  for (const tool of tools.values()) {
    const task = taskOf(tool);
    if (task?.work !== work) continue;
    const read = tools.get(task.poll?.mcp?.tool ?? tool.name);
    return read ? { tool, read } : null;
  }
  return null;
}

/** What the tools/list entry of a tool adds: the task mark, for a tool that may answer a task. */
export function taskListing(tool: Pick<Tool, 'op'>): { _meta?: Record<string, unknown> } {
  return taskOf(tool) ? { _meta: { [TASK_SUPPORT_META]: 'optional' } } : {};
}

/** What answering tasks needs of the request it serves. */
export interface TaskEnv {
  sdk: McpSdk;
  tools: Map<string, Tool>;
  deps: ToolDeps;
  /** The caller's call context for the request a Server context serves. */
  callContext(serverCtx: ServerContext): CallContext;
}

/** The request declared the tasks extension in its per-request capabilities (2026-07-28 only). */
function declaresTasks(env: TaskEnv, serverCtx: ServerContext): boolean {
  const envelope = serverCtx.mcpReq.envelope as Record<string, { extensions?: Record<string, unknown> } | undefined> | undefined;
  return Boolean(envelope?.[env.sdk.CLIENT_CAPABILITIES_META_KEY]?.extensions?.[TASKS_EXTENSION]);
}

/**
 * The tools/call hook: a task-supporting tool called by a client that declared the extension,
 * whose data shows its work under way, answers the task (the work's record is already committed,
 * so tasks/get resolves at once). Anything else (work done, no work, an error) is answered as it was.
 */
export function asTask(tool: Tool, args: Record<string, unknown>, result: CallToolResult, env: TaskEnv, serverCtx: ServerContext): CallToolResult {
  const task = taskOf(tool);
  if (!task || result.isError || !declaresTasks(env, serverCtx)) return result;
  const { result: data, conversationId } = result.structuredContent as { result: unknown; conversationId: string };
  const kind = KINDS[task.work];
  const started = kind.started(data, args);
  if (!started) return result;
  const ref: TaskRef = { k: kind.kind, ...started, c: conversationId };
  const state = kind.state(ref, data);
  // The outcome is answered by tasks/get only: a CreateTaskResult carries the task, never its result.
  return { resultType: 'task', ...taskFields(ref, state) } as unknown as CallToolResult;
}

function taskFields(ref: TaskRef, state: TaskState) {
  return {
    taskId: taskIdOf(ref),
    status: state.status,
    statusMessage: state.statusMessage,
    createdAt: ref.s,
    lastUpdatedAt: state.lastUpdatedAt,
    // The record lives as long as the draft: no expiry of its own.
    ttlMs: null,
    pollIntervalMs: POLL_INTERVAL_MS,
  };
}

const taskParams = z.looseObject({ taskId: z.string().max(1000, 'Not a task id.') });

/**
 * The task methods and the extension's capability, on a Server that serves 2026-07-28 (2025-era
 * clients have no per-request capabilities to declare the extension with, and keep answering
 * tasks/* as before: method not found).
 */
export function serveTasks(server: Server, env: TaskEnv): Server {
  const { sdk } = env;
  server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });

  const find = async (taskId: string, serverCtx: ServerContext): Promise<{ ref: TaskRef; tool: Tool; state: TaskState; ctx: CallContext }> => {
    if (!declaresTasks(env, serverCtx)) {
      throw new sdk.MissingRequiredClientCapabilityError(
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
        `Declare the ${TASKS_EXTENSION} extension in this request's client capabilities to use tasks.`,
      );
    }
    const ref = refOf(taskId);
    const served = ref && taskTools(ref.k, env.tools);
    const unknown = () =>
      new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, 'No such task: it was never started, or its draft is not yours or was discarded.');
    const ctx = env.callContext(serverCtx);
    if (!ref || !served || !ctx.caller) throw unknown();
    // The task answers the starting tool's result: it needs what that tool needs.
    const scope = toolScope(served.tool);
    if (scope && !ctx.caller.scopes.includes(scope)) {
      throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, `This task needs the ${scope} scope; connect again and approve it.`);
    }
    let record: unknown;
    try {
      record = await invokeTool(served.read, { draft_id: ref.d }, ctx, env.deps);
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 400)) throw unknown();
      if (err instanceof AppError && err.status < 500) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, err.message);
      throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InternalError, 'Reading the task failed; try again shortly.');
    }
    return { ref, tool: served.tool, state: KINDS[ref.k].state(ref, record), ctx };
  };

  server.setRequestHandler('tasks/get', { params: taskParams }, async (params, serverCtx) => {
    const { ref, tool, state, ctx } = await find(params.taskId, serverCtx);
    const task = taskFields(ref, state);
    if (!state.outcome) return task;
    const result = 'error' in state.outcome ? toolError(state.outcome.error) : await toolResult(tool, state.outcome.data, ref.c, ctx, env.deps);
    return { ...task, result };
  });

  // Neither a writing nor a recording check can be stopped once started: cancelling is
  // acknowledged, as the extension allows, and the work finishes. What ends it is the product's own
  // step: discard_job_draft drops it all, and a recording deleted or replaced reads as cancelled.
  server.setRequestHandler('tasks/cancel', { params: taskParams }, async (params, serverCtx) => {
    await find(params.taskId, serverCtx);
    return {};
  });

  // No task of ours asks the client for input, so every response (the SDK lifts inputResponses out
  // of the params) is for a request not outstanding: ignored, as the extension says.
  server.setRequestHandler('tasks/update', { params: taskParams }, async (params, serverCtx) => {
    await find(params.taskId, serverCtx);
    return {};
  });
  return server;
}

function latest(a: string, b: string): string {
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
