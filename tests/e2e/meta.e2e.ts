import { api, mcp, missingWorkLoopTools, toolResult } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { E2E_ENV } from './global-setup.js';

const base = inject('baseUrl');

describe('health and meta', () => {
  it('GET /api/health answers ok as JSON with the cross-cutting headers', async () => {
    const res = await api(base, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w.:-]{8,}$/);
  });

  it('HEAD /api/health answers 200 with no body; other methods 405 with Allow and empty body', async () => {
    const head = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${base}/api/health`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toContain('GET');
      expect(await res.text()).toBe('');
    }
  });

  it('readiness reports the database and the bus, sign-in methods and search mode, and no secrets', async () => {
    const res = await api(base, '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.database).toBe(true);
    expect(res.body.checks.bus).toBe(true);
    expect(res.body.signInMethods).toContain('api_key');
    expect(res.body.searchMode).toBe('keyword'); // no embedding model is configured for the test system
    expect(JSON.stringify(res.body)).not.toMatch(/postgres:\/\/|password|nats:\/\//i);
  });

  it('version is semver without a leading v and matches MCP serverInfo.version', async () => {
    const res = await api(base, '/api/version');
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+$/);
    const init = await mcp(base, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'e2e', version: '1' },
    });
    expect(init.body.result.serverInfo.version).toBe(res.body.version);
    expect(init.body.result.instructions).toMatch(/get_suggested_workflow/);
    expect(missingWorkLoopTools(init.body.result.instructions)).toEqual([]);
  });

  it('GET /api (and /api/) is an index of where the rest is, not a 404', async () => {
    for (const path of ['/api', '/api/']) {
      const res = await api(base, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.body.links, path).toMatchObject({
        docs: '/api/docs',
        openapi: '/api/openapi.json',
        mcp: '/api/mcp',
        health: '/api/health',
        version: '/api/version',
      });
    }
    const index = (await api(base, '/api')).body as { version: string; links: Record<string, string> };
    expect(index.version).toBe((await api(base, '/api/version')).body.version);
    // Every link answers: the index never points to a path that is not there.
    for (const [name, path] of Object.entries(index.links)) {
      const status = path === '/api/mcp' ? (await mcp(base, 'ping')).status : (await fetch(`${base}${path}`)).status;
      expect(status, name).toBe(200);
    }
  });

  it('keeps a valid incoming x-request-id and replaces an invalid one', async () => {
    const kept = await api(base, '/api/health', { headers: { 'x-request-id': 'trace-1234567890' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-1234567890');
    const replaced = await api(base, '/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('an unknown /api path is a JSON 404; a wrong method on a known path is 405 with Allow', async () => {
    const missing = await api(base, '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual(expect.any(String));
    const wrong = await api(base, '/api/jobs', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
  });

  it('a body over 2,097,152 bytes is refused with 413 and the error body', async () => {
    const res = await api(base, '/api/me/jobs', {
      method: 'POST',
      rawBody: JSON.stringify({ title: 'x'.repeat(2_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/2,097,152/);
  });

  it('malformed JSON is a 400 with the error body', async () => {
    const res = await api(base, '/api/me/jobs', { method: 'POST', rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('suggested workflow and safety policy work on both surfaces without sign-in', async () => {
    const wf = await api(base, '/api/suggested-workflow');
    expect(wf.status).toBe(200);
    expect(wf.body.markdown).toMatch(/^# /);
    expect(wf.body.notificationSettings).toMatch(/notification-preferences$/);
    const policy = await api(base, '/api/safety-policy');
    expect(policy.body.jobPosts.perDay).toBe(10);
    expect(policy.body.apiKeyRequestsPerMinute).toBe(120);
    // The policy reports the limits in force: the e2e system raises the per-agent MCP limit (global-setup).
    expect(policy.body).toMatchObject({ oauthRequestsPerMinute: Number(E2E_ENV.OAUTH_REQUESTS_PER_MINUTE), photoUploadsPerHour: 20 });
    const tool = await mcp(base, 'tools/call', { name: 'get_safety_policy', arguments: {} });
    expect(toolResult(tool)).toEqual(policy.body);
    const wfTool = await mcp(base, 'tools/call', { name: 'get_suggested_workflow', arguments: { conversation_id: 'new' } });
    // The same answer on both surfaces (structuredContent: the text content is a rendering of it).
    expect(wfTool.body.result.structuredContent.result).toEqual(wf.body);
    // The guide walks the whole job (find, apply, hire, turn in, changes, approve, rate) by tool name.
    expect(missingWorkLoopTools(wf.body.markdown, { actions: true })).toEqual([]);
    expect(wfTool.body.result.structuredContent.conversationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves an OpenAPI 3.1 document with the contract version and every REST operation', async () => {
    const res = await api(base, '/api/openapi.json');
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('0.55.2');
    for (const path of ['/api/jobs', '/api/me/jobs', '/api/jobs/{id}', '/api/jobs/{id}/details', '/api/jobs/categories', '/api/health']) {
      expect(res.body.paths[path], path).toBeDefined();
    }
    const list = res.body.paths['/api/jobs'].get;
    expect(list['x-mcp-tool']).toBe('list_open_jobs');
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'category', 'poster_id', 'posted_after', 'posted_before', 'sort']),
    );
  });
});
