import { specTypeSchemas } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';

import { INVALID_PARAMS, paramsProblem, requestSchemas, screenedProblem, screenParams } from './json-rpc-params.js';

const METHODS = requestSchemas(specTypeSchemas);

const call = (params?: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', ...(params === undefined ? {} : { params }) });

describe('JSON-RPC params checked before the SDK', () => {
  it('passes well-formed requests, notifications and methods it does not know', () => {
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: { job_id: 'x' } }))).toBeUndefined();
    expect(paramsProblem(METHODS, call({ name: 'get_job' }))).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 2, method: 'tools/list' })).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 3, method: 'ping' })).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 4, method: 'no/such', params: {} })).toBeUndefined();
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
      expect(METHODS.methods['tools/call']!.safeParse(call(params)).success).toBe(true);
    }
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: {}, _meta: 5 }))).toMatch(/^Invalid params for tools\/call: params\._meta: /);
  });

  it('checks the other methods against the SDK schema, one line per issue rather than a dump', () => {
    const problem = paramsProblem(METHODS, { jsonrpc: '2.0', id: 5, method: 'initialize', params: { protocolVersion: 5 } });
    expect(problem).toMatch(/^Invalid params for initialize: params\.protocolVersion: /);
    expect(problem).not.toMatch(/[[{]/);
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 6, method: 'tools/list', params: { cursor: {} } })).toMatch(/params\.cursor/);
  });

  it('answers every spec method the server serves, on either revision', () => {
    expect(Object.keys(METHODS.methods).sort()).toEqual([
      'completion/complete',
      'initialize',
      'ping',
      'prompts/get',
      'prompts/list',
      'resources/list',
      'resources/read',
      'resources/templates/list',
      'server/discover',
      'tools/call',
      'tools/list',
    ]);
  });

  it('names the field of completion/complete and prompts/get params that do not fit, without a dump', () => {
    const complete = (params: unknown) => paramsProblem(METHODS, { jsonrpc: '2.0', id: 7, method: 'completion/complete', params });
    const union = complete({ ref: 1, argument: { name: 'category', value: 'w' } });
    // zod reports a union once per shape it tried: said once, in words.
    expect(union).toBe('Invalid params for completion/complete: params.ref: Invalid input: it fits none of the forms this field takes.');
    expect(complete({ ref: { type: 'ref/prompt', name: 'post_a_job' }, argument: { name: 'category', value: 5 } })).toMatch(
      /params\.argument\.value: .*received number/,
    );
    expect(complete({ ref: { type: 'ref/prompt', name: 'post_a_job' } })).toMatch(/params\.argument: /);
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 8, method: 'prompts/get', params: { ref: 1 } })).toMatch(
      /^Invalid params for prompts\/get: params\.name: /,
    );
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 9, method: 'prompts/get', params: { name: 'rate', arguments: { a: 5 } } })).toMatch(
      /params\.arguments\.a: /,
    );
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 10, method: 'resources/read', params: {} })).toMatch(/params\.uri: /);
  });

  it('says so when params are not an object, for any method: the SDK still refuses an unknown one first', () => {
    for (const [params, kind] of [
      [5, 'a number'],
      ['x', 'a string'],
      [[1], 'an array'],
      [null, 'null'],
      [true, 'a boolean'],
    ] as const) {
      expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 1, method: 'resources/list', params })).toBe(
        `params must be an object of named values for resources/list, not ${kind}.`,
      );
    }
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: [1] })).toMatch(
      /^params must be an object of named values for tasks\/get/,
    );
  });

  it('passes 2026-07-28 requests, whose params carry the _meta envelope, and checks a tools/call without parsing its arguments', () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } })).toBeUndefined();
    expect(paramsProblem(METHODS, { jsonrpc: '2.0', id: 2, method: 'prompts/list', params: { _meta: envelope } })).toBeUndefined();
    expect(paramsProblem(METHODS, call({ name: 'get_job', arguments: { id: 'x' }, _meta: envelope, requestState: 's' }))).toBeUndefined();
    const seen: unknown[] = [];
    const recording = {
      ...METHODS,
      methods: {
        ...METHODS.methods,
        'tools/call': {
          safeParse: (value: unknown) => {
            seen.push(value);
            return METHODS.methods['tools/call']!.safeParse(value);
          },
        },
      },
    };
    expect(paramsProblem(recording, call({ name: 'upload', arguments: { file: 'A'.repeat(1000) }, _meta: { progressToken: {} } }))).toMatch(
      /params\._meta\.progressToken/,
    );
    expect(seen).toEqual([expect.objectContaining({ params: { name: 'upload', _meta: { progressToken: {} } } })]);
  });

  it("keys each malformed request by its id, and empties params the SDK would not take as a request's", () => {
    const good = call({ name: 'list_my_jobs', arguments: {} });
    const notObject = { jsonrpc: '2.0', id: 'b', method: 'prompts/get', params: [1] };
    const badMeta = { jsonrpc: '2.0', id: 'c', method: 'tools/list', params: { _meta: { progressToken: {} } } };
    const badName = { ...call({ name: 7 }), id: 3 };
    const { body, malformed } = screenParams(METHODS, [good, notObject, badMeta, badName]);
    // A name that is not a string leaves the request one the SDK takes: handed over as it came.
    expect(body).toEqual([good, { ...notObject, params: {} }, { ...badMeta, params: {} }, badName]);
    expect((body as unknown[])[0]).toBe(good);
    expect(malformed.get('b')).toMatchObject({ code: INVALID_PARAMS, message: expect.stringMatching(/^params must be an object/) });
    expect(malformed.get('c')).toMatchObject({ code: INVALID_PARAMS, message: expect.stringMatching(/params\._meta\.progressToken/) });
    expect(malformed.get(3)).toMatchObject({ code: INVALID_PARAMS, message: expect.stringMatching(/^params\.name/) });
    expect(screenParams(METHODS, good)).toEqual({ body: good, malformed: new Map() });
  });

  it('leaves notifications, which nothing answers, and messages without a usable id to the SDK', () => {
    const notification = { jsonrpc: '2.0', method: 'resources/read', params: 5 };
    expect(screenParams(METHODS, notification)).toEqual({ body: notification, malformed: new Map() });
    const oddId = { jsonrpc: '2.0', id: 1.5, method: 'resources/read', params: 5 };
    expect(screenParams(METHODS, oddId)).toEqual({ body: oddId, malformed: new Map() });
  });

  it('hands the Server the problem of the request it serves, through the call the endpoint gave the SDK', () => {
    const { malformed } = screenParams(METHODS, { jsonrpc: '2.0', id: 4, method: 'ping', params: 'x' });
    const ctx = { http: { authInfo: { extra: { call: { malformed } } } } };
    expect(screenedProblem(ctx, 4)).toMatchObject({ code: INVALID_PARAMS, message: expect.stringMatching(/^params must be an object/) });
    expect(screenedProblem(ctx, 5)).toBeUndefined();
    expect(screenedProblem({}, 4)).toBeUndefined();
  });
});
