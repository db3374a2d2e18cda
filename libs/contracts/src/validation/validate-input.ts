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

/** Deeper nesting is refused: no input needs it, and JSON.stringify overflows the stack a few thousand levels down. */
export const MAX_INPUT_DEPTH = 32;

/** Why a string cannot be stored: PostgreSQL text holds no NUL, and JSON text no unpaired UTF-16 surrogate. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Must not contain NUL (U+0000) characters.';
  if (!text.isWellFormed()) return 'Must be valid Unicode text (it holds an unpaired surrogate).';
  return undefined;
}

/**
 * What no field may hold, whatever its schema says: a string (or an object key) the database
 * cannot store, or nesting deeper than MAX_INPUT_DEPTH. Walks body, query and path values alike,
 * without recursion, and names each offending field once (its first bad value), as zod would.
 */
export function unsafeInputFields(raw: unknown, wireName: WireName = identity): Record<string, string> {
  const fields: Record<string, string> = {};
  // One message per field: the first of a 100,000-item array of bad strings is enough.
  const done = new Set<string | number | undefined>();
  const report = (path: readonly (string | number)[], message: string) => {
    const [head, ...rest] = path;
    const key = head === undefined ? '_' : wireName(String(head));
    fields[rest.length ? `${key}.${rest.join('.')}` : key] = message;
    done.add(head);
  };
  const stack: Array<{ value: unknown; path: readonly (string | number)[] }> = [{ value: raw, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (done.has(path[0])) continue;
    if (typeof value === 'string') {
      const problem = unstorable(value);
      if (problem) report(path, problem);
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) {
        report(path, `Nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
        continue;
      }
      const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      // Pushed in reverse, so the first bad value of a field is the one reported.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const problem = typeof key === 'string' ? unstorable(key) : undefined;
        if (problem) report([...path, key], problem);
        else stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return fields;
}

function invalidFields(fields: Record<string, string>): AppError {
  const names = Object.keys(fields);
  // A rule of the input as a whole (no one field is wrong: "send at least one field") says itself.
  if (names.length === 1 && names[0] === '_') return AppError.badRequest(fields._!, fields);
  return AppError.badRequest(`Invalid ${names.length === 1 ? 'field' : 'fields'}: ${names.join(', ')}.`, fields);
}

/**
 * Parses an operation's input; the same function serves REST, MCP and the owning service. Text the
 * database cannot store and runaway nesting are refused first, for every field of every operation.
 */
export function validateInput<S extends z.ZodType>(schema: S, raw: unknown, wireName: WireName = identity): z.output<S> {
  const unsafe = unsafeInputFields(raw, wireName);
  if (Object.keys(unsafe).length) throw invalidFields(unsafe);
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw invalidFields(issuesToFields(result.error.issues, wireName));
}

/** Unknown fields are refused rather than dropped, so a misspelt field never goes unnoticed. */
export function rejectUnknownFields(raw: Record<string, unknown>, allowed: ReadonlySet<string>): void {
  const unknown = Object.keys(raw).filter((k) => !allowed.has(k));
  if (unknown.length === 0) return;
  const fields = Object.fromEntries(unknown.map((k) => [k, 'Unknown field.']));
  throw AppError.badRequest(`Unknown ${unknown.length === 1 ? 'field' : 'fields'}: ${unknown.join(', ')}.`, fields);
}
