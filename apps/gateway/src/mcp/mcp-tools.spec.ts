import { catalogue, defineOperation, openAccess } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type Tool, toolScope } from './mcp-tools.js';

describe('OAuth scopes in the catalogue', () => {
  it('every operation that needs sign-in on REST or MCP declares the scope an MCP token needs', () => {
    const missing = catalogue
      .filter((op) => op.access !== 'internal' && (op.rest || op.mcp))
      .filter((op) => [op.access, op.rest?.access, op.mcp?.access].some((a) => a && !openAccess(a)))
      .filter((op) => !op.scope)
      .map((op) => op.name);
    expect(missing).toEqual([]);
  });

  it('reads never need agent:write: a GET route declares agent:read', () => {
    const wrong = catalogue.filter((op) => op.rest?.method === 'GET' && op.scope === 'agent:write').map((op) => op.name);
    expect(wrong).toEqual([]);
  });

  it('a member tool that forgot its scope is treated as a write; a public one needs none', () => {
    const tool = (access: 'public' | 'member', scope?: 'agent:read') =>
      ({
        op: defineOperation({
          name: 'probe',
          service: 'jobs',
          summary: 'probe',
          access,
          ...(scope ? { scope } : {}),
          input: z.object({}),
          output: z.object({}),
          mcp: { tool: 'probe', description: 'probe' },
        }),
      }) as unknown as Tool;
    expect(toolScope(tool('member'))).toBe('agent:write');
    expect(toolScope(tool('member', 'agent:read'))).toBe('agent:read');
    expect(toolScope(tool('public'))).toBeUndefined();
  });
});
