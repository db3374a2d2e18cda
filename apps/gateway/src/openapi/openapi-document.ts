import {
  changeFields,
  CONTRACT_VERSION,
  contractJsonSchemaOverride,
  IDEMPOTENCY_KEY_HOURS,
  type Operation,
  type RawBodyBinding,
  refusedFields,
  takesIdempotencyKey,
  type UploadBinding,
} from '@marketplace/contracts';
import { z } from 'zod';

import { authRouteDocs } from '../auth/auth-routes.js';
import { sessionCookieName } from '../auth/session-cookie.js';
import { bindFields, type BoundField } from '../call/field-bindings.js';
import { HEADER_CREDENTIALS } from '../call/header-credentials.js';
import { restOperations } from '../call/rest-operations.js';
import { SERVICE_VERSION } from '../meta/service-version.js';
import { ERROR_SCHEMA, errorResponses, headerCredentialsOf, operationErrorResponses } from './error-responses.js';
import { MCP_OAUTH, mcpOAuthScheme, mcpPathItem } from './mcp-route-docs.js';
import { exampleOf } from './schema-example.js';

type Json = Record<string, unknown>;

/**
 * The security schemes' names. The API key is sent as an HTTP bearer token, so its scheme says so
 * (it was named `apiKey`, which in OpenAPI is another scheme type); the typed client and the
 * generated types do not name schemes, so no client changes with the name.
 */
const API_KEY = 'bearerApiKey';
const SESSION = 'session';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12', override: contractJsonSchemaOverride }) as Json;
  delete json.$schema;
  return json;
}

/**
 * An upload's body is the file itself, streamed to storage; OpenAPI shows the accepted types and
 * the limit, and the JSON alternative when the binding keeps one.
 */
function uploadRequestBody(upload: UploadBinding<string>, field: BoundField): Json {
  const json = upload.base64InJson
    ? {
        'application/json': {
          schema: {
            type: 'object',
            additionalProperties: false,
            required: [field.rest],
            // An empty string is no file: refused, so the schema says so.
            properties: {
              [field.rest]: {
                type: 'string',
                minLength: 1,
                contentEncoding: 'base64',
                description: 'The file, base64-encoded (a data: URL prefix is allowed)',
              },
            },
          },
        },
      }
    : {};
  return {
    required: true,
    description:
      `${field.schema.description ?? 'The file.'} Send the file itself as the body, with Content-Length, at most ${upload.maxBytes} bytes.` +
      (upload.base64InJson ? ` JSON with the file base64-encoded in \`${field.rest}\` is also accepted, within the 2,097,152-byte JSON limit.` : ''),
    'x-max-bytes': upload.maxBytes,
    content: {
      ...Object.fromEntries(upload.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      ...json,
    },
  };
}

/** A signed body (RestBinding.rawBody): its schema as the JSON it is, though the service reads it as text. */
function rawRequestBody(raw: RawBodyBinding<string>): Json {
  const schema = schemaOf(raw.body, 'input');
  return { required: true, description: raw.description, content: { 'application/json': { schema, example: exampleOf(schema) } } };
}

/**
 * Public operations need no session or key; those reading a header credential need that instead
 * (all of them at once, in one requirement). Others inherit the document's API key or session.
 */
function security(op: Operation, fields: readonly BoundField[]): Json {
  const schemes = headerCredentialsOf(fields);
  if (schemes.length) return { security: [Object.fromEntries(schemes.map((s) => [s, []]))] };
  const access = op.rest!.access ?? op.access;
  // The board is open while the marketplace is; invite-only, a key or session of a member let in.
  if (access === 'board') return { security: [{}, { [API_KEY]: [] }, { [SESSION]: [] }] };
  return access === 'public' ? { security: [] } : {};
}

/** The header every write a client may repeat takes (`takesIdempotencyKey`). */
const IDEMPOTENCY_KEY_PARAMETER: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    "Generate a fresh UUID for each action and send it with that action's write; reuse it only to retry that same " +
    `write (never copy the example, which is a placeholder). The first answer is kept ${IDEMPOTENCY_KEY_HOURS} hours per member and key: ` +
    'a repeat with the same request gets it again (Idempotent-Replayed: true) instead of acting twice; a repeat while the first ' +
    'is still being answered is 409; the key with another request is 422. Passing failures (409, 429, 5xx) are not kept.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  // Not a UUID on purpose: a client that copies it sends what is plainly a placeholder.
  example: '<a-fresh-uuid-for-each-write>',
};

/**
 * A body whose operation changes only what it names must name one of these (contracts'
 * atLeastOneOf): every body field counting is `minProperties: 1`, some of them `anyOf` required.
 */
function changeRule(op: Operation, body: readonly BoundField[]): Json {
  const keys = changeFields.get(op.input)?.keys;
  if (!keys) return {};
  const named = body.filter((f) => keys.includes(f.key));
  if (named.length === body.length) return { minProperties: 1 };
  return { anyOf: named.map((f) => ({ required: [f.rest] })) };
}

function operationObject(op: Operation): Json {
  const rest = op.rest!;
  // Fields the server only refuses (retired, or a feature that is off) are left out: nothing
  // generated from the document sends them, and the server still answers one with its 400.
  const fields = bindFields(op).filter((f) => !refusedFields.has(f.schema));
  const parameters: Json[] = fields
    .filter((f) => f.in === 'path' || f.in === 'query')
    .map((f) => ({
      name: f.rest,
      in: f.in,
      required: f.in === 'path' || f.required,
      ...(f.in === 'query' && schemaOf(f.schema, 'input').type === 'array' ? { style: 'form', explode: true } : {}),
      schema: schemaOf(f.schema, 'input'),
      example: exampleOf(schemaOf(f.schema, 'input'), f.key),
    }));
  if (takesIdempotencyKey(op)) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  const upload = rest.upload;
  const uploadField = upload && fields.find((f) => f.key === upload.field);
  const body = fields.filter((f) => f.in === 'body' && f !== uploadField);
  const content = rest.download
    ? Object.fromEntries(rest.download.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
    : { 'application/json': { schema: schemaOf(op.output, 'output'), example: exampleOf(schemaOf(op.output, 'output')) } };
  const responses: Json = {
    [String(rest.status)]: {
      description: op.summary,
      content,
      ...(takesIdempotencyKey(op) ? { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } } : {}),
    },
  };
  Object.assign(responses, operationErrorResponses(op, fields));
  return {
    operationId: op.name,
    summary: op.summary,
    tags: [op.service],
    ...(op.mcp ? { 'x-mcp-tool': op.mcp.tool, description: op.mcp.description } : {}),
    ...security(op, fields),
    ...(parameters.length ? { parameters } : {}),
    ...(upload && uploadField
      ? { requestBody: uploadRequestBody(upload, uploadField) }
      : rest.rawBody
        ? { requestBody: rawRequestBody(rest.rawBody) }
        : body.length
          ? {
              requestBody: {
                // A change that must name a field cannot be sent without a body either.
                required: body.some((f) => f.required) || Object.keys(changeRule(op, body)).length > 0,
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      additionalProperties: false,
                      properties: Object.fromEntries(body.map((f) => [f.rest, schemaOf(f.schema, 'input')])),
                      required: body.filter((f) => f.required).map((f) => f.rest),
                      ...changeRule(op, body),
                    },
                    example: Object.fromEntries(body.map((f) => [f.rest, exampleOf(schemaOf(f.schema, 'input'), f.key)])),
                  },
                },
              },
            }
          : {}),
    responses,
  };
}

/**
 * One method and path, two operations chosen by the credential (see RestBinding.credential): the
 * document keeps one operation whose body and success schemas are `oneOf` both, says which
 * credential gets which, and lists each variant under `x-credential-variants`.
 */
function addCredentialVariant(base: any, variant: any, op: Operation): void {
  const kinds = op.rest!.credential!.join(' or ');
  const status = String(op.rest!.status);
  base.description =
    `${base.description ? `${base.description}\n\n` : ''}Answered by credential: with a ${kinds} API key ` +
    `this path is \`${op.name}\` (${op.summary}); every other caller gets \`${base.operationId}\` (${base.summary}).`;
  const baseJson = base.responses[status]?.content?.['application/json'];
  const variantJson = variant.responses[status]?.content?.['application/json'];
  if (baseJson && variantJson) baseJson.schema = { oneOf: [baseJson.schema, variantJson.schema] };
  else base.responses[status] ??= variant.responses[status];
  const baseBody = base.requestBody?.content?.['application/json'];
  const variantBody = variant.requestBody?.content?.['application/json'];
  if (baseBody && variantBody) baseBody.schema = { oneOf: [baseBody.schema, variantBody.schema] };
  const names = new Set(((base.parameters ?? []) as Json[]).map((p: Json) => `${p.in}:${p.name}`));
  for (const p of (variant.parameters ?? []) as Json[]) {
    if (!names.has(`${p.in}:${p.name}`)) (base.parameters ??= []).push({ ...p, required: false });
  }
  (base['x-credential-variants'] ??= []).push({
    credential: op.rest!.credential,
    operationId: op.name,
    summary: op.summary,
    ...(variant.requestBody ? { requestBody: variant.requestBody } : {}),
    ...(variant.parameters ? { parameters: variant.parameters } : {}),
    responses: { [status]: variant.responses[status] },
  });
}

/** Hand-written routes (sign-in redirects, MCP) get an operationId from their method and path: `postApiAuthSignOut`. */
function nameUnnamedOperations(paths: Record<string, Json>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item) as Array<[string, Json]>) {
      if (op.operationId) continue;
      const words = [method, ...path.split(/[^A-Za-z0-9]+/).filter(Boolean)];
      op.operationId = words.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
    }
  }
}

/** OpenAPI 3.1, built from the catalogue alone, like the routes and the tools. */
export function buildOpenApiDocument(publicUrl: string): Json {
  const paths: Record<string, Json> = {};
  const variants = restOperations().filter((op) => op.rest!.credential);
  for (const op of restOperations()) {
    if (op.rest!.credential) continue;
    const item = (paths[op.rest!.path] ??= {});
    item[op.rest!.method.toLowerCase()] = operationObject(op);
  }
  for (const op of variants) addCredentialVariant(paths[op.rest!.path]![op.rest!.method.toLowerCase()] as Json, operationObject(op), op);
  const meta = (operationId: string, summary: string, schema: Json, example: Json, extra: Json = {}): Json => ({
    get: {
      operationId,
      summary,
      security: [],
      tags: ['meta'],
      responses: { '200': { description: summary, content: { 'application/json': { schema, example } } }, ...extra },
    },
  });
  paths['/api/health'] = meta('health', 'Liveness', { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] }, { status: 'ok' });
  paths['/api/health/ready'] = meta(
    'readiness',
    'Readiness: 200 when the database and the bus answer, else 503',
    { type: 'object' },
    {
      status: 'ready',
      checks: { bus: true, 'identity.database': true, 'jobs.database': true },
      database: true,
      signInMethods: ['email', 'api_key'],
      searchMode: 'keyword',
    },
    { '503': { description: 'A dependency does not answer', content: { 'application/json': { schema: { type: 'object' } } } } },
  );
  paths['/api/version'] = meta(
    'version',
    'Deployed version (semver, no leading v)',
    { type: 'object', properties: { version: { type: 'string' } }, required: ['version'] },
    { version: SERVICE_VERSION },
  );
  paths['/api/openapi.json'] = meta(
    'openApiDocument',
    'This document (rendered at /api/docs)',
    { type: 'object' },
    { openapi: '3.1.0', info: { title: 'Job marketplace API', version: CONTRACT_VERSION }, paths: {} },
  );
  Object.assign(paths, authRouteDocs());
  paths['/api/mcp'] = mcpPathItem();
  nameUnnamedOperations(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Job marketplace API',
      version: CONTRACT_VERSION,
      'x-service-version': SERVICE_VERSION,
      description:
        'Every operation is served as REST under /api and as an MCP tool on POST /api/mcp.\n\n' +
        'Rules of every string, which the schemas do not repeat: no NUL (U+0000) and no unpaired UTF-16 surrogate, ' +
        'anywhere (400); and a length limit counts UTF-16 code units, so a character outside the Basic Multilingual ' +
        'Plane (an emoji) counts as two. Text is trimmed before it is checked; the patterns allow the whitespace that trimming removes.',
    },
    servers: [{ url: publicUrl }],
    security: [{ [API_KEY]: [] }, { [SESSION]: [] }],
    paths,
    components: {
      headers: {
        IdempotentReplayed: {
          description: 'true when this is the first answer to the same Idempotency-Key, given again',
          schema: { type: 'string', enum: ['true'] },
        },
      },
      securitySchemes: {
        [API_KEY]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tl_…',
          description:
            'An API key (it starts with tl_), sent as a bearer token: `Authorization: Bearer tl_…`. ' +
            'Create one with POST /api/me/api-keys. Not accepted by POST /api/mcp, which takes OAuth access tokens (mcpOAuth).',
        },
        [SESSION]: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName(publicUrl),
          description: 'Browser session from signing in; writes must be same-origin (Origin or Referer) with Content-Type: application/json',
        },
        [MCP_OAUTH]: mcpOAuthScheme(publicUrl),
        ...Object.fromEntries(
          Object.values(HEADER_CREDENTIALS).map((c) => [c.scheme, { type: 'apiKey', in: 'header', name: c.header, description: c.description }]),
        ),
      },
      schemas: {
        Error: ERROR_SCHEMA,
      },
      responses: errorResponses(),
    },
  };
}
