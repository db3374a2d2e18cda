import { missingWorkLoopTools, unknownToolNames } from '@marketplace/testing';
import { describe, expect, it } from 'vitest';

import { INSTRUCTIONS } from './mcp-instructions.js';

describe('the MCP server instructions', () => {
  it('stay short: every client receives them on initialize', () => {
    expect(INSTRUCTIONS.length).toBeLessThan(1500);
  });

  it('name only tools the catalogue has, so a renamed tool fails here', () => {
    expect(unknownToolNames(INSTRUCTIONS)).toEqual([]);
  });

  it('walk the whole job, find to rating, on both sides', () => {
    expect(missingWorkLoopTools(INSTRUCTIONS)).toEqual([]);
    expect(INSTRUCTIONS).toMatch(/get_suggested_workflow/);
  });

  it('say the four common arguments, which the tool schemas describe only briefly', () => {
    expect(INSTRUCTIONS).toMatch(/conversation_id \("new" first, then the conversationId/);
    expect(INSTRUCTIONS).toMatch(/context\s+\(general terms, analytics only, at most 300 characters\)/);
    expect(INSTRUCTIONS).toMatch(/llm_model \(your exact model id, or\s+"unknown"\)/);
    expect(INSTRUCTIONS).toMatch(/idempotency_key: a new UUID per action[\s\S]*24 hours/);
  });
});
