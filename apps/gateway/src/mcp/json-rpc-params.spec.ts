import { describe, expect, it } from 'vitest';
import { specTypeSchemas } from '@modelcontextprotocol/server';
import { INVALID_PARAMS, paramsProblem, requestSchemas, screenParams } from './json-rpc-params.js';

const METHODS = requestSchemas(specTypeSchemas);

const call = (params?: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', ...(params === undefined ? {} : { params }) });

describe('JSON-RPC params checked before the SDK', () => {
  it('passes well-formed requests, notifications and methods it does not know', () => {
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: { job_id: 'x' } }))).toBeUndefined();
    expect(paramsProblem(METHODS, call({ name: 'get_job' }))).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 3, method: 'ping' })).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 4, method: 'no/such', params: 5 })).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', method: 'notifications/initialized' })).toBeUndefined();
    expect(paramsProblem(METHODS, null)).toBeUndefined();
  });

  it('says in words what is wrong with a tools/call', () => {
    expect(paramsProblem(METHODS, call())).toMatch(/^tools\/call needs params/);
    expect(paramsProblem(METHODS, call([]))).toMatch(/^tools\/call needs params/);
    expect(paramsProblem(METHODS, call({ name: { toString: 1 } }))).toMatch(/^params\.name must be the name of a tool/);
    expect(paramsProblem(METHODS, call({ name: 42 }))).toMatch(/^params\.name/);
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: null }))).toBe('params.arguments must be an object of named arguments, not null.');
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: [1] }))).toMatch(/not an array\.$/);
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: 3 }))).toMatch(/not a number\.$/);
  });

  it('answers a name-and-arguments call as the SDK schema would, and checks anything more against it', () => {
    for (const params of [{ name: 'get_job' }, { name: 'get_job', arguments: {} }, { name: '', arguments: { a: [1, { b: null }] } }]) {
      expect(paramsProblem(METHODS, call(params))).toBeUndefined();
      expect(METHODS['tools/call']!.safeParse(call(params)).success).toBe(true);
    }
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: {}, _meta: 5 }))).toMatch(/^Invalid params for tools\/call: params\._meta: /);
  });

  it('checks the other methods against the SDK schema, one line per issue rather than a dump', () => {
    const problem = paramsProblem(METHODS, { jsonrpc: '2.0', id: 5, method: 'initialize', params: { protocolVersion: 5 } });
    expect(problem).toMatch(/^Invalid params for initialize: params\.protocolVersion: /);
    expect(problem).not.toMatch(/[[{]/);
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 6, method: 'tools/list', params: { cursor: {} } })).toMatch(/params\.cursor/);
  });

  it('replaces each malformed request by a placeholder call answered with -32602, keeping its id', () => {
    const good = call({ name: 'list_my_jobs', arguments: {} });
    const { body, malformed } = screenParams(METHODS, [good, { ...call({ name: 7 }), id: 'b' }]);
    const [first, second] = body as Array<{ id: unknown; method: string; params: { name: string } }>;
    expect(first).toBe(good);
    expect(second).toMatchObject({ id: 'b', method: 'tools/call' });
    const error = malformed.get(second!.params.name);
    expect(error).toMatchObject({ code: INVALID_PARAMS, message: expect.stringMatching(/^params\.name/) });
    expect(screenParams(METHODS, good)).toEqual({ body: good, malformed: new Map() });
  });
});
