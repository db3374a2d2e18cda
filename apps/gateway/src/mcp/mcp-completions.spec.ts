import type { Caller } from '@marketplace/contracts';
import type { BusClient, CallContext } from '@marketplace/service-kit/edge';
import { describe, expect, it } from 'vitest';

import { completions, type ToolDeps } from './mcp-tool-call.js';
import { buildTools } from './mcp-tools.js';

const tools = buildTools();
const JOB = '11111111-1111-4111-8111-111111111111';

/** A bus whose list reads all answer one record of the caller's, and which counts what it was asked. */
function depsWithOneOfEach(): { deps: ToolDeps; asked: string[] } {
  const asked: string[] = [];
  const bus = {
    requestJson: async (subject: string) => {
      asked.push(subject);
      const data = { jobs: [{ id: JOB }], drafts: [{ id: JOB }], applications: [{ job: { id: JOB } }] };
      return { json: new TextEncoder().encode(JSON.stringify(data)) };
    },
  } as unknown as BusClient;
  const deps = { bus, pages: { afterCall: () => undefined } } as unknown as ToolDeps;
  return { deps, asked };
}

const asCaller = (scopes: string[]): CallContext => ({
  requestId: 'req-1',
  caller: { memberId: '22222222-2222-4222-8222-222222222222', via: 'oauth', clientId: 'agent', scopes, staff: false, emailVerified: true } as Caller,
});

describe("completion values under the token's scope", () => {
  it("completes the caller's ids for a token that may call the tools reading them", async () => {
    const { deps } = depsWithOneOfEach();
    for (const source of ['my-job', 'my-draft', 'my-application', 'open-job'] as const) {
      expect(await completions(source, JOB.slice(0, 4), asCaller(['agent:read', 'agent:write']), deps, tools)).toEqual([JOB]);
    }
  });

  it('completes no ids for a token without agent:read, and never asks the services for them', async () => {
    const { deps, asked } = depsWithOneOfEach();
    for (const source of ['my-job', 'my-draft', 'my-application', 'open-job'] as const) {
      expect(await completions(source, '', asCaller(['agent:write']), deps, tools)).toEqual([]);
    }
    expect(asked).toEqual([]);
  });

  it("still completes categories, which are no one's records, for any token and for visitors", async () => {
    const { deps } = depsWithOneOfEach();
    expect(await completions('category', 'wri', asCaller([]), deps, tools)).toEqual(['writing']);
    expect(await completions('category', 'wri', { requestId: 'req-2', caller: null }, deps, tools)).toEqual(['writing']);
    expect(await completions('my-job', '', { requestId: 'req-3', caller: null }, deps, tools)).toEqual([]);
  });
});
