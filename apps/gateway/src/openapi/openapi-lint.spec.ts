import { fileURLToPath } from 'node:url';

import { formatProblems, lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

import { bindFields } from '../call/field-bindings.js';
import { restOperations } from '../call/rest-operations.js';
import { buildOpenApiDocument } from './openapi-document.js';

const RULES = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function operations(doc: Json): Array<[string, Json]> {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m): [string, Json] => [`${m.toUpperCase()} ${path}`, item[m]]),
  );
}

describe('the OpenAPI document', () => {
  const doc: Json = buildOpenApiDocument('http://localhost:3000');

  it('passes the Redocly lint (redocly.yaml) with no errors and no warnings', async () => {
    const config = await loadConfig({ configPath: RULES });
    const problems = await lintFromString({ source: JSON.stringify(doc, null, 2), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    if (problems.length) {
      // The lint's own report, so a failure or a warning says where.
      formatProblems(problems, {
        format: 'stylish',
        totals: { errors: errors.length, warnings: warnings.length, ignored: 0 },
        version: 'test',
        maxProblems: 50,
      });
    }
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  }, 60_000);

  it('gives every operation a summary, its error responses and examples', () => {
    const ops = operations(doc);
    // A credential variant shares its path's operation and is listed under x-credential-variants.
    const catalogue = new Set(
      restOperations()
        .filter((op) => !op.rest!.credential)
        .map((op) => op.name),
    );
    expect(ops.filter(([, op]) => catalogue.has(op.operationId)).length).toBe(catalogue.size);
    const variants = ops.flatMap(([, op]) => ((op['x-credential-variants'] ?? []) as Json[]).map((v) => v.operationId));
    expect(variants.sort()).toEqual(
      restOperations()
        .filter((op) => op.rest!.credential)
        .map((op) => op.name)
        .sort(),
    );
    expect(ops.length).toBeGreaterThan(50);
    for (const [name, op] of ops) {
      expect(op.summary, name).toMatch(/\S/);
      const responses = op.responses as Json;
      const success = Object.keys(responses).find((s) => /^[23]/.test(s))!; // sign-in routes redirect
      expect(success, name).toBeDefined();
      expect(op.operationId, name).toMatch(/^[A-Za-z0-9]+$/);
      if (catalogue.has(op.operationId)) {
        // Catalogue operations (the meta, sign-in and MCP routes are hand-written): errors and examples.
        expect(
          Object.keys(responses).filter((s) => s >= '400'),
          name,
        ).toEqual(expect.arrayContaining(['429', '500', '503']));
        const json = responses[success].content?.['application/json'];
        if (json) expect(json, name).toHaveProperty('example');
        const body = op.requestBody?.content?.['application/json'];
        if (body && !op.requestBody['x-max-bytes']) expect(body, name).toHaveProperty('example');
        for (const p of op.parameters ?? []) expect(p, `${name} ${p.name}`).toHaveProperty('example');
      }
    }
  });

  it('lists the errors each kind of operation can answer', () => {
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path][method].responses).filter((s) => s >= '400');
    // A board read of one record: open unless invite-only (then 401 signed out, 403 not let in), a 404; no 409/413 on a read.
    expect(statuses('get', '/api/jobs/{id}')).toEqual(['400', '401', '403', '404', '429', '500', '503']);
    // A public read: no 401/403.
    expect(statuses('get', '/api/safety-policy')).toEqual(['429', '500', '503']);
    // A member's write: every refusal, including 409.
    expect(statuses('post', '/api/me/jobs')).toEqual(expect.arrayContaining(['400', '401', '403', '409', '413', '429', '503']));
    // Error responses carry the {error, fields?} schema and an example.
    const error400 = doc.components.responses.Error400.content['application/json'];
    expect(error400.schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(error400.example).toMatchObject({ error: expect.any(String), fields: expect.any(Object) });
    expect(doc.components.schemas.Error.required).toEqual(['error', 'code']);
  });

  it("declares the record link's x-recording-token header as the security of every operation that reads it", () => {
    expect(doc.components.securitySchemes.recordingToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-recording-token' });
    const byId = new Map(operations(doc).map(([name, op]) => [op.operationId as string, { name, op }]));
    const reading = restOperations().filter((op) => bindFields(op).some((f) => f.in === 'request' && f.rest === 'recording-token'));
    expect(reading.map((op) => op.name)).toEqual(
      expect.arrayContaining(['getRecordingSession', 'uploadRecordingPart', 'completeRecording', 'reviewRecording']),
    );
    for (const { name } of reading) {
      const { op } = byId.get(name)!;
      expect(op.security, name).toEqual([{ recordingToken: [] }]);
      expect(Object.keys(op.responses), name).toContain('401');
      // The token is a credential, never a parameter or a body field.
      expect(JSON.stringify(op.parameters ?? []), name).not.toMatch(/recording-?token/i);
    }
    // Public operations stay open to anyone; board reads too, with a key or session optional (needed while invite-only).
    expect(byId.get('getSafetyPolicy')?.op.security).toEqual([]);
    expect(byId.get('getPublicJob')?.op.security).toEqual([{}, { bearerApiKey: [] }, { session: [] }]);
  });

  it('names each credential for what it is: the API key an HTTP bearer token, MCP its own OAuth, anonymous allowed', () => {
    expect(doc.components.securitySchemes.bearerApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes).not.toHaveProperty('apiKey');
    expect(doc.security).toEqual([{ bearerApiKey: [] }, { session: [] }]);
    const oauth = doc.components.securitySchemes.mcpOAuth;
    expect(oauth.type).toBe('oauth2');
    expect(Object.keys(oauth.flows.authorizationCode.scopes)).toEqual(['agent:read', 'agent:write']);
    expect(oauth.flows.authorizationCode.tokenUrl).toBe('http://localhost:3000/api/auth/oauth2/token');
    for (const method of ['post', 'delete']) {
      expect(doc.paths['/api/mcp'][method].security).toEqual([{}, { mcpOAuth: ['agent:read'] }, { mcpOAuth: ['agent:write'] }]);
    }
  });

  it('declares the statuses a catalogue entry adds, and leaves out fields the server only refuses', () => {
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses('get', '/api/jobs/{id}/work')).toContain('409');
    expect(statuses('get', '/api/team')).toContain('404');
    expect(statuses('post', '/api/team/leave')).toContain('404');
    expect(statuses('post', '/api/auth/sign-in/magic-link')).toContain('403');
    expect(statuses('get', '/api/auth/callback/oidc')).toEqual(expect.arrayContaining(['302', '404', '503']));
    const listParams = (doc.paths['/api/jobs'].get.parameters as Json[]).map((p) => p.name);
    expect(listParams).not.toContain('min_budget');
    expect(listParams).not.toContain('max_budget');
    const days = (doc.paths['/api/me/performance'].get.parameters as Json[]).find((p) => p.name === 'days');
    expect(days!.schema.enum).toEqual([7, 30, 90]);
  });

  it('gives every write a placeholder Idempotency-Key, never a key a client could copy', () => {
    const key = (doc.paths['/api/me/jobs'].post.parameters as Json[]).find((p) => p.name === 'Idempotency-Key')!;
    expect(key.example).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(key.description).toMatch(/fresh UUID for each action/);
  });

  it('gives the team job a title example its own pattern, and so the server, accepts', () => {
    const body = doc.paths['/api/team/jobs'].post.requestBody.content['application/json'];
    const title = body.schema.properties.title as Json;
    const patterns = [title.pattern, ...((title.allOf ?? []) as Json[]).map((p) => p.pattern)].filter(Boolean) as string[];
    expect(patterns.length).toBeGreaterThan(1);
    for (const p of patterns) expect(new RegExp(p).test(body.example.title), p.slice(0, 40)).toBe(true);
    expect(patterns.some((p) => !new RegExp(p).test('Summarise Ten Papers'))).toBe(true);
  });
});
