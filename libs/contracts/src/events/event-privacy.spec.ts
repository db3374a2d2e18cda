import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { eventCatalogue } from './event-catalogue.js';

/**
 * Every service may read any event on the stream by sequence (its outbox read-back needs
 * STREAM.MSG.GET, which NATS cannot limit by subject; docs/operators.md), so no event may carry
 * what only its owner should hold: an email address, a credential, a contact.
 */
const PRIVATE_FIELD = /e-?mail|password|secret|token|api_?key|contact|phone|resume/i;

function fieldPaths(schema: unknown, at: string): string[] {
  const json = z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  const out: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, path));
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    for (const [name, sub] of Object.entries((n.properties as Record<string, unknown> | undefined) ?? {})) {
      out.push(`${path}.${name}`);
      walk(sub, `${path}.${name}`);
    }
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) walk(n[key], path);
  };
  walk(json, at);
  return out;
}

describe('events on the shared stream', () => {
  it('carry no email address, credential or contact in any field', () => {
    const found = eventCatalogue.flatMap((e) => fieldPaths(e.payload, e.type)).filter((path) => PRIVATE_FIELD.test(path.split('.').pop()!));
    expect(found).toEqual([]);
  });

  it('are all walked (the catalogue is not empty and payloads have fields)', () => {
    expect(eventCatalogue.length).toBeGreaterThan(20);
    expect(eventCatalogue.reduce((n, e) => n + fieldPaths(e.payload, e.type).length, 0)).toBeGreaterThan(100);
  });
});
