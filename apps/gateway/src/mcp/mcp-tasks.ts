import { z } from 'zod';
import type { CallToolResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { AppError, type getJobDraft, type OutputOf } from '@marketplace/contracts';
import type { CallContext } from '@marketplace/service-kit/edge';
import type { McpSdk } from './mcp-sdk.js';
import { invokeTool, toolError, toolResult, type ToolDeps } from './mcp-tool-call.js';
import { toolScope, type Tool } from './mcp-tools.js';

/**
 * Long work as tasks (the tasks extension of MCP 2026-07-28, `io.modelcontextprotocol/tasks`): for
 * a client that declares the extension on its request, a tool that starts background work answers
 * a task handle, and `tasks/get` answers the work's state and, once done, the tool's result.
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

/** How often a client should poll tasks/get: the worker writes a posting in seconds. */
const POLL_INTERVAL_MS = 2000;

type JobDraft = OutputOf<typeof getJobDraft>;

/** What the task id carries: enough to find the record again, nothing the caller could not read anyway. */
const taskRefSchema = z.object({
  /** The kind of work. */
  k: z.enum(['writing', 'recording']),
  /** The draft. */
  d: z.string().min(1).max(100),
  /** When the work started: a later run of the same work is another task. */
  s: z.string().min(1).max(40),
  /** The conversation id the starting call answered, answered again with the outcome. */
  c: z.string().min(1).max(100),
}).strict();
export type TaskRef = z.infer<typeof taskRefSchema>;

function taskIdOf(ref: TaskRef): string {
  return Buffer.from(JSON.stringify(ref)).toString('base64url');
}

function refOf(taskId: string): TaskRef | null {
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

/** A tool whose call starts background work, and how that work's record reads as a task. */
export interface TaskKind {
  kind: TaskRef['k'];
  /** The tool that starts the work; its result shapes the task's outcome. */
  tool: string;
  /** The work the tool's data says it started, if any. */
  started(data: unknown): Pick<TaskRef, 'd' | 's'> | null;
  /** The task's state from the draft (as get_job_draft answers it). */
  state(ref: TaskRef, draft: JobDraft): TaskState;
}

/** write_job_description: the draft's writing (`tasks.writing`), until the posting is written. */
export const WRITING: TaskKind = {
  kind: 'writing',
  tool: 'write_job_description',
  started(data) {
    const draft = data as JobDraft;
    return draft.tasks.writing ? { d: draft.id, s: draft.tasks.writing.startedAt } : null;
  },
  state(ref, draft) {
    const writing = draft.tasks.writing;
    if (!writing || writing.startedAt !== ref.s) {
      return {
        status: 'cancelled', lastUpdatedAt: writing?.startedAt ?? draft.updatedAt,
        statusMessage: 'A later write_job_description call replaced this writing; follow the task that call answered, or get_job_draft.',
      };
    }
    if (writing.status === 'pending') {
      return {
        status: 'working', lastUpdatedAt: latest(writing.startedAt, draft.updatedAt),
        statusMessage: writing.step === 'queued' ? 'Queued: the posting will be written shortly.' : `Writing the posting (${writing.step ?? 'under way'}).`,
      };
    }
    const lastUpdatedAt = writing.finishedAt ?? draft.updatedAt;
    if (writing.status === 'failed') {
      return {
        status: 'completed', lastUpdatedAt, statusMessage: writing.error ?? 'The writing failed.',
        outcome: { error: new AppError(502, `${writing.error ?? 'The writing failed.'} Call write_job_description again.`) },
      };
    }
    return {
      status: 'completed', lastUpdatedAt, outcome: { data: draft },
      statusMessage: `Written (${writing.step ?? 'done'}): show each review part to your human and approve it with approve_draft_part.`,
    };
  },
};

const KINDS = new Map<string, TaskKind>([WRITING].map((k) => [k.tool, k]));
const KIND_OF = new Map<TaskRef['k'], TaskKind>([WRITING].map((k) => [k.kind, k]));

/** The tool that reads a task's record, as the caller. */
const READ_TOOL = 'get_job_draft';

/** What the tools/list entry of a tool adds: the task mark, for a tool that may answer a task. */
export function taskListing(tool: Pick<Tool, 'name'>): { _meta?: Record<string, unknown> } {
  return KINDS.has(tool.name) ? { _meta: { [TASK_SUPPORT_META]: 'optional' } } : {};
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
 * whose call started its work, answers the task (the work's record is already committed, so
 * tasks/get resolves at once). Anything else is answered as it was.
 */
export function asTask(tool: Tool, result: CallToolResult, env: TaskEnv, serverCtx: ServerContext): CallToolResult {
  const kind = KINDS.get(tool.name);
  if (!kind || result.isError || !declaresTasks(env, serverCtx)) return result;
  const { result: data, conversationId } = result.structuredContent as { result: unknown; conversationId: string };
  const started = kind.started(data);
  if (!started) return result;
  const ref: TaskRef = { k: kind.kind, ...started, c: conversationId };
  const state = kind.state(ref, data as JobDraft);
  // The outcome is answered by tasks/get only: a CreateTaskResult carries the task, never its result.
  return { resultType: 'task', ...taskFields(ref, state) } as unknown as CallToolResult;
}

function taskFields(ref: TaskRef, state: TaskState) {
  return {
    taskId: taskIdOf(ref), status: state.status, statusMessage: state.statusMessage,
    createdAt: ref.s, lastUpdatedAt: state.lastUpdatedAt,
    // The record lives as long as the draft: no expiry of its own.
    ttlMs: null, pollIntervalMs: POLL_INTERVAL_MS,
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

  const find = async (taskId: string, serverCtx: ServerContext): Promise<{ ref: TaskRef; kind: TaskKind; state: TaskState; ctx: CallContext }> => {
    if (!declaresTasks(env, serverCtx)) {
      throw new sdk.MissingRequiredClientCapabilityError(
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
        `Declare the ${TASKS_EXTENSION} extension in this request's client capabilities to use tasks.`,
      );
    }
    const ref = refOf(taskId);
    const kind = ref && KIND_OF.get(ref.k);
    const unknown = () => new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams,
      'No such task: it was never started, or its draft is not yours or was discarded.');
    const ctx = env.callContext(serverCtx);
    if (!ref || !kind || !ctx.caller) throw unknown();
    // The task answers the starting tool's result: it needs what that tool needs.
    const scope = toolScope(env.tools.get(kind.tool)!);
    if (scope && !ctx.caller.scopes.includes(scope)) {
      throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, `This task needs the ${scope} scope; connect again and approve it.`);
    }
    let draft: JobDraft;
    try {
      draft = await invokeTool(env.tools.get(READ_TOOL)!, { draft_id: ref.d }, ctx, env.deps) as JobDraft;
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 400)) throw unknown();
      if (err instanceof AppError && err.status < 500) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, err.message);
      throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InternalError, 'Reading the task failed; try again shortly.');
    }
    return { ref, kind, state: kind.state(ref, draft), ctx };
  };

  server.setRequestHandler('tasks/get', { params: taskParams }, async (params, serverCtx) => {
    const { ref, kind, state, ctx } = await find(params.taskId, serverCtx);
    const task = taskFields(ref, state);
    if (!state.outcome) return task;
    const result = 'error' in state.outcome
      ? toolError(state.outcome.error)
      : await toolResult(env.tools.get(kind.tool)!, state.outcome.data, ref.c, ctx, env.deps);
    return { ...task, result };
  });

  // Neither a writing nor a recording check can be stopped once started: cancelling is
  // acknowledged, as the extension allows, and the work finishes (discard_job_draft drops it all).
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
