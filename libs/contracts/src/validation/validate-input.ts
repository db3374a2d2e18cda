import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

export type WireName = (key: string) => string;

const identity: WireName = (key) => key;

/** Turns zod issues into the contract's `fields` map, keyed by the name the caller used. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], wireName: WireName = identity): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const [head, ...rest] = issue.path;
    const key = head === undefined ? '_' : wireName(String(head));
    const name = rest.length ? `${key}.${rest.join('.')}` : key;
    fields[name] ??= issue.code === 'invalid_type' && issue.input === undefined ? 'Required.' : issue.message;
  }
  return fields;
}

/** Parses an operation's input; the same function serves REST, MCP and the owning service. */
export function validateInput<S extends z.ZodType>(schema: S, raw: unknown, wireName: WireName = identity): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues, wireName);
  const names = Object.keys(fields);
  throw AppError.badRequest(`Invalid ${names.length === 1 ? 'field' : 'fields'}: ${names.join(', ')}.`, fields);
}

/** Unknown fields are refused rather than dropped, so a misspelt field never goes unnoticed. */
export function rejectUnknownFields(raw: Record<string, unknown>, allowed: ReadonlySet<string>): void {
  const unknown = Object.keys(raw).filter((k) => !allowed.has(k));
  if (unknown.length === 0) return;
  const fields = Object.fromEntries(unknown.map((k) => [k, 'Unknown field.']));
  throw AppError.badRequest(`Unknown ${unknown.length === 1 ? 'field' : 'fields'}: ${unknown.join(', ')}.`, fields);
}
