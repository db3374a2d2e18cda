import type { z } from 'zod';
import type { Scope } from './caller.js';

export type ServiceName =
  | 'identity' | 'jobs' | 'applications' | 'files' | 'drafts' | 'notifications' | 'admin';

/** P = public, member = K (API key or browser session; OAuth over MCP), staff = member + staff. */
export type Access = 'public' | 'member' | 'staff';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FieldSource {
  /**
   * `request`: a fact the gateway reads from the HTTP request itself, never from the caller's
   * data; `name` says which (`ip`: the client address; `origin`: the Origin header, else the
   * Referer's origin). Such fields are absent from OpenAPI and MCP.
   */
  in: 'path' | 'query' | 'body' | 'request';
  /** Name on the wire when it differs from the input key (e.g. `poster_id` for posterId). */
  name?: string;
}

export interface RestBinding<K extends string> {
  method: HttpMethod;
  /** OpenAPI-style path with {param} placeholders. */
  path: string;
  status: number;
  /** Where each input field comes from; unlisted fields come from the body (query for GET). */
  fields?: Partial<Record<K, FieldSource>>;
  /** Access on REST when it differs from the operation's. */
  access?: Access;
  /**
   * The response is bytes, not JSON: the operation's output is a BinaryResponse and the gateway
   * sends its decoded data with its content type and cache policy (e.g. member photos).
   */
  binary?: { contentTypes: string[] };
}

export interface McpBinding<K extends string> {
  tool: string;
  description: string;
  /** Argument names when they differ from snake_case of the input key. */
  args?: Partial<Record<K, string>>;
  /** Access over MCP when it differs from the operation's (e.g. a public REST read that needs sign-in as a tool). */
  access?: Access;
}

/** Catalogue entry: the only place an operation is declared. */
export interface Operation<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
> {
  name: string;
  service: ServiceName;
  subject: string;
  summary: string;
  access: Access;
  /** OAuth scope an MCP token needs; REST keys and sessions hold every scope. */
  scope?: Scope;
  input: I;
  output: O;
  rest?: RestBinding<Extract<keyof z.infer<I>, string>>;
  mcp?: McpBinding<Extract<keyof z.infer<I>, string>>;
  /** Operator or service-to-service only: never exposed on REST or MCP. */
  internal?: boolean;
}

export type InputOf<Op extends Operation> = z.output<Op['input']>;
export type OutputOf<Op extends Operation> = z.input<Op['output']>;

/** Versioned subject: `<service>.v1.<operation>`. */
export function subjectFor(service: ServiceName, operation: string): string {
  return `${service}.v1.${operation}`;
}

export function defineOperation<I extends z.ZodObject, O extends z.ZodType>(
  op: Omit<Operation<I, O>, 'subject'> & { subject?: string },
): Operation<I, O> {
  const kebab = op.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return { ...op, subject: op.subject ?? subjectFor(op.service, kebab) };
}

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
