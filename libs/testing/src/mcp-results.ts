import { isDeepStrictEqual } from 'node:util';

import type { ErrorBody } from '@marketplace/contracts';

import type { ApiResponse } from './api-client.js';

/** A tool's error as the agent reads it: the API's error body plus the HTTP status it stands for. */
export interface ToolErrorBody extends ErrorBody {
  status: number;
  [key: string]: unknown;
}

interface ToolContent {
  type: string;
  text?: string;
}

/** What these helpers read of a reply to `tools/call`: `mcp()`'s answer, or any status and parsed body. */
export type ToolCallReply = Pick<ApiResponse, 'status' | 'body'>;

interface CallToolResult {
  isError?: boolean;
  content: ToolContent[];
  structuredContent?: { result: unknown; conversationId: string };
}

/**
 * The `tools/call` result inside a JSON-RPC reply. A reply without one (the HTTP 401/403 challenge,
 * a JSON-RPC error) fails here with what came back, so a test never reads `undefined` fields.
 */
function callResult(res: ToolCallReply): CallToolResult {
  const result = (res.body as { result?: CallToolResult } | undefined)?.result;
  if (res.status !== 200 || !result || !Array.isArray(result.content)) {
    throw new Error(`expected a tools/call result, got HTTP ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return result;
}

function text(result: CallToolResult, index: number): string {
  const block = result.content[index];
  if (block?.type !== 'text' || typeof block.text !== 'string') {
    throw new Error(`expected text content at ${index}: ${JSON.stringify(result.content)}`);
  }
  return block.text;
}

/** The most a result's text may take: what the server promises agents (8 KiB). */
const RESULT_TEXT_BYTES = 8 * 1024;

/**
 * What a successful tool call answered (`structuredContent.result`). Fails when the call was an
 * error, and when the text an agent without structured output reads is over its budget or leaves
 * out one of the result's fields that has a value (`?text=json` endpoints: differs from the result).
 */
export function toolResult<T = any>(res: ToolCallReply, textMode: 'concise' | 'json' = 'concise'): T {
  const result = callResult(res);
  if (result.isError) throw new Error(`expected a tool result, got the tool error ${text(result, 0)}`);
  if (!result.structuredContent) throw new Error(`a tool result without structuredContent: ${JSON.stringify(result)}`);
  const data = result.structuredContent.result;
  const said = text(result, 0);
  if (textMode === 'json') {
    if (!isDeepStrictEqual(JSON.parse(said), data)) throw new Error(`the text content differs from structuredContent: ${said}`);
    return data as T;
  }
  if (Buffer.byteLength(said) > RESULT_TEXT_BYTES) throw new Error(`the text content is over ${RESULT_TEXT_BYTES} bytes: ${said.slice(0, 500)}`);
  const unsaid = fieldsWithValues(data).filter((key) => !said.includes(`${key}:`) && !said.includes(`${key} (`));
  if (unsaid.length) throw new Error(`the text content leaves out ${unsaid.join(', ')}: ${said.slice(0, 2000)}`);
  return data as T;
}

/** The top-level fields of a result that hold something (the text leaves out null and empty lists). */
function fieldsWithValues(data: unknown): string[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data)
    .filter(
      ([, v]) =>
        v !== null &&
        v !== '' &&
        !(Array.isArray(v) && !v.length) &&
        !(typeof v === 'object' && !Array.isArray(v) && !Object.values(v as object).some((x) => x !== null)),
    )
    .map(([k]) => k);
}

/** The error body of a failed tool call: the JSON before the blank line that starts the note. */
export function toolError(res: ToolCallReply): ToolErrorBody {
  const result = callResult(res);
  if (!result.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result.structuredContent ?? result.content)}`);
  return JSON.parse(text(result, 0).split('\n\n')[0]!) as ToolErrorBody;
}

/** The note after a tool error's body (the offer to report a problem), as the agent reads it. */
export function toolErrorNote(res: ToolCallReply): string {
  toolError(res);
  return text(callResult(res), 0).split('\n\n').slice(1).join('\n\n');
}

/**
 * Either outcome, for walks through many tools: the result, or `{ isError: true, ...errorBody }`
 * when the call failed (`isError` is absent on success).
 */
export function toolOutcome(res: ToolCallReply): any {
  return callResult(res).isError ? { isError: true, ...toolError(res) } : toolResult(res);
}
