import { isLegacyRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';

import { plainEra } from './mcp-era.js';

/** The shortcut may only answer where the SDK's own predicate answers the same. */
const envelope = { [PROTOCOL_VERSION_META_KEY]: '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const call = (params?: unknown, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  ...(params === undefined ? {} : { params }),
  ...extra,
});

const cases: Array<[string, string | undefined, unknown, 'legacy' | 'modern' | undefined]> = [
  ['a 2025-11-25 tool call', '2025-11-25', call({ name: 'list_my_jobs', arguments: {} }), 'legacy'],
  ['a call with no version header', undefined, call({ name: 'x' }), 'legacy'],
  [
    'a 2025-06-18 list with _meta of its own',
    '2025-06-18',
    { jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { _meta: { progressToken: 1 } } },
    'legacy',
  ],
  ['a request without params', '2025-11-25', { jsonrpc: '2.0', id: 7, method: 'ping' }, 'legacy'],
  ['a 2026-07-28 call with its envelope', '2026-07-28', call({ name: 'x', _meta: envelope }), 'modern'],
  ['a 2026-07-28 header without an envelope', '2026-07-28', call({ name: 'x' }), 'modern'],
  ['a header with spaces around it', ' 2026-07-28 ', call({ name: 'x', _meta: envelope }), 'modern'],
  ['an envelope claim without a header', undefined, call({ name: 'x', _meta: envelope }), undefined],
  ['an envelope claim under a 2025 header', '2025-11-25', call({ name: 'x', _meta: envelope }), undefined],
  ['initialize', '2025-11-25', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } }, undefined],
  ['a notification', '2025-11-25', { jsonrpc: '2.0', method: 'notifications/initialized' }, undefined],
  ['a posted response', '2025-11-25', { jsonrpc: '2.0', id: 1, result: {} }, undefined],
  ['a request carrying a result too', '2025-11-25', call({}, { result: {} }), undefined],
  ['a fractional id', '2025-11-25', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, undefined],
  ['params that are a list', '2025-11-25', { jsonrpc: '2.0', id: 1, method: 'ping', params: [] }, undefined],
  ['a wrong jsonrpc version', '2025-11-25', { jsonrpc: '1.0', id: 1, method: 'ping' }, undefined],
];

describe('plainEra', () => {
  it.each(cases)('%s', async (_name, header, body, expected) => {
    expect(plainEra(header, body)).toBe(expected);
    if (expected === undefined) return;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    if (header !== undefined) headers['mcp-protocol-version'] = header;
    const request = new Request('http://localhost/api/mcp', { method: 'POST', headers });
    expect(await isLegacyRequest(request, body)).toBe(expected === 'legacy');
  });
});
