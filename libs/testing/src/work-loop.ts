import { APPLICATION_STATUSES, ERROR_CODE_NAMES, JOB_STATUSES, WORK_ACTIONS } from '@marketplace/contracts';

import { expectedTools } from './catalogue-surfaces.js';

/**
 * One job from first look to the last rating, as the guides an agent reads must walk it (the
 * suggested workflow and the MCP server's instructions): each step with every tool it takes.
 * A guide that leaves out a step, or names a tool the catalogue no longer has, fails its spec.
 */
export const WORK_LOOP = [
  { step: 'find', tools: ['list_open_jobs', 'search_jobs', 'get_job'] },
  { step: 'post', tools: ['post_job', 'start_job_draft', 'update_job_draft', 'approve_draft_part', 'post_job_draft'] },
  { step: 'apply', tools: ['apply_to_job'] },
  { step: 'hire', tools: ['list_job_applications', 'accept_application'] },
  { step: 'hired', tools: ['list_my_applications', 'get_job_work'] },
  { step: 'files', tools: ['create_job_file', 'upload_job_file_chunk', 'complete_job_file', 'list_job_files', 'set_job_file_access'] },
  { step: 'turn in', tools: ['submit_work'] },
  { step: 'changes requested', tools: ['request_changes'] },
  { step: 'approve', tools: ['approve_work'] },
  { step: 'rate', tools: ['rate_poster'] },
  { step: 'talk', tools: ['send_message', 'list_messages', 'get_notifications'] },
] as const satisfies readonly { step: string; tools: readonly string[] }[];

/**
 * The tool behind each of get_job_work's `actions`. Typed by the contract's list, so an action
 * added there without a tool here stops the build rather than leaving the guide behind.
 */
export const WORK_ACTION_TOOLS: Record<(typeof WORK_ACTIONS)[number], string> = {
  submit: 'submit_work',
  requestChanges: 'request_changes',
  approve: 'approve_work',
  rate: 'rate_poster',
  requestCancellation: 'request_cancellation',
  cancel: 'cancel_work',
  remind: 'remind_other_side',
};

/** Words written like tool names (snake_case), in order of first appearance. */
export function snakeCaseWords(text: string): string[] {
  return [...new Set(text.match(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g) ?? [])];
}

/**
 * The snake_case words of a guide that are not tools of the catalogue. Arguments the tools take
 * (conversation_id, job_version) and status values (in_progress) are words a guide may use too;
 * anything else is a tool that does not exist, most likely one renamed since the guide was written.
 */
export function unknownToolNames(text: string): string[] {
  const tools = expectedTools();
  const known = new Set<string>([
    ...tools.map((t) => t.name),
    ...tools.flatMap((t) => t.properties),
    ...JOB_STATUSES,
    ...APPLICATION_STATUSES,
    ...ERROR_CODE_NAMES,
  ]);
  return snakeCaseWords(text).filter((word) => !known.has(word));
}

/** The tools of the work loop (and of get_job_work's actions) a guide does not name. */
export function missingWorkLoopTools(text: string, options: { actions?: boolean } = {}): string[] {
  const named = new Set(snakeCaseWords(text));
  const wanted = [...WORK_LOOP.flatMap((s) => s.tools), ...(options.actions ? Object.values(WORK_ACTION_TOOLS) : [])];
  return [...new Set(wanted)].filter((tool) => !named.has(tool));
}
