import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type McpFloorServer, startMcpFloorServer } from './mcp-floor-server.js';

// The floor must answer the data it was given, through the SDK, whole: a floor that answered an
// error or less data would be cheap, and bench:mcp's ceiling would flatter the SDK.
describe('the MCP floor server', () => {
  const list = {
    jobs: [
      { id: 'j1', title: 'A "quoted" title', tags: ['x'] },
      { id: 'j2', title: 'Second', tags: [] },
    ],
    total: 2,
  };
  let source: FastifyInstance;
  let floor: McpFloorServer;

  beforeAll(async () => {
    source = Fastify();
    source.get('/api/me/jobs', async (req, reply) => {
      if (req.headers.authorization !== 'Bearer key') return reply.code(401).send({ error: 'sign in' });
      return reply.header('x-kept', 'yes').send(list);
    });
    const base = await source.listen({ port: 0, host: '127.0.0.1' });
    floor = await startMcpFloorServer(`${base}/api/me/jobs`, { authorization: 'Bearer key' });
  });
  afterAll(async () => {
    await floor?.stop();
    await source?.close();
  });

  it('answers the REST bytes and headers it was given', async () => {
    const res = await fetch(`${floor.baseUrl}/rest`);
    expect(res.headers.get('x-kept')).toBe('yes');
    expect(await res.json()).toEqual(list);
  });

  it('answers a 2025-era tools/call with the data as structured content and as the text block', async () => {
    const res = await fetch(`${floor.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_my_jobs', arguments: {} } }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      id: number;
      result: { content: Array<{ type: string; text: string }>; structuredContent: { result: unknown; conversationId: string } };
    };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.result).toEqual(list);
    expect(JSON.parse(body.result.content[0]!.text)).toEqual(list);
    expect(body.result.content[1]!.text).toBe(`conversation_id: ${body.result.structuredContent.conversationId}`);
  });

  it('refuses a source that does not answer', async () => {
    await expect(startMcpFloorServer(`${floor.baseUrl}/missing`, {})).rejects.toThrow(/answered 404/);
  });
});
