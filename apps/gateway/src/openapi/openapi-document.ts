import { z } from 'zod';
import { CONTRACT_VERSION, type Operation, type UploadBinding } from '@marketplace/contracts';
import { authRouteDocs } from '../auth/auth-routes.js';
import { SERVICE_VERSION } from '../meta/service-version.js';
import { bindFields, type BoundField } from '../rest/field-bindings.js';
import { restOperations } from '../rest/rest-routes.js';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  return json;
}

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid input; `fields` names each invalid field',
  '401': 'No valid session or API key',
  '403': 'Not allowed',
  '404': 'Not found',
  '413': 'Body over 2,097,152 bytes',
  '429': 'Rate or submission limit; see Retry-After',
  '500': 'Unexpected error, with requestId',
  '503': 'A dependency is unavailable; nothing was changed',
};

/** Only upload routes answer these. */
const UPLOAD_STATUSES: Record<string, string> = {
  '411': 'No Content-Length: a file is sent with its length',
  '415': 'The body is not one of the accepted file types',
};

/**
 * An upload's body is the file itself, streamed to storage; OpenAPI shows the accepted types and
 * the limit, and the JSON alternative when the binding keeps one.
 */
function uploadRequestBody(upload: UploadBinding<string>, field: BoundField): Json {
  const json = upload.base64InJson
    ? {
        'application/json': {
          schema: {
            type: 'object', additionalProperties: false, required: [field.rest],
            properties: { [field.rest]: { type: 'string', contentEncoding: 'base64', description: 'The file, base64-encoded (a data: URL prefix is allowed)' } },
          },
        },
      }
    : {};
  return {
    required: true,
    description: `${field.schema.description ?? 'The file.'} Send the file itself as the body, with Content-Length, at most ${upload.maxBytes} bytes.`
      + (upload.base64InJson ? ` JSON with the file base64-encoded in \`${field.rest}\` is also accepted, within the 2,097,152-byte JSON limit.` : ''),
    'x-max-bytes': upload.maxBytes,
    content: {
      ...Object.fromEntries(upload.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      ...json,
    },
  };
}

function operationObject(op: Operation): Json {
  const rest = op.rest!;
  const fields = bindFields(op);
  const parameters = fields.filter((f) => f.in === 'path' || f.in === 'query').map((f) => ({
    name: f.rest,
    in: f.in,
    required: f.in === 'path' || f.required,
    ...(f.in === 'query' && schemaOf(f.schema, 'input').type === 'array' ? { style: 'form', explode: true } : {}),
    schema: schemaOf(f.schema, 'input'),
  }));
  const upload = rest.upload;
  const uploadField = upload && fields.find((f) => f.key === upload.field);
  const body = fields.filter((f) => f.in === 'body' && f !== uploadField);
  const content = rest.download
    ? Object.fromEntries(rest.download.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
    : { 'application/json': { schema: schemaOf(op.output, 'output') } };
  const responses: Json = { [String(rest.status)]: { description: op.summary, content } };
  const errors = { ...ERROR_STATUSES, ...(upload ? { ...UPLOAD_STATUSES, '413': `File over ${upload.maxBytes} bytes, or JSON over 2,097,152 bytes` } : {}) };
  for (const [status, description] of Object.entries(errors).sort(([a], [b]) => a.localeCompare(b))) {
    if ((rest.access ?? op.access) === 'public' && (status === '401' || status === '403')) continue;
    responses[status] = { $ref: `#/components/responses/Error${status}`, description };
  }
  return {
    operationId: op.name,
    summary: op.summary,
    tags: [op.service],
    ...(op.mcp ? { 'x-mcp-tool': op.mcp.tool, description: op.mcp.description } : {}),
    ...((rest.access ?? op.access) === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(upload && uploadField ? { requestBody: uploadRequestBody(upload, uploadField) } : body.length
      ? {
          requestBody: {
            required: body.some((f) => f.required),
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  properties: Object.fromEntries(body.map((f) => [f.rest, schemaOf(f.schema, 'input')])),
                  required: body.filter((f) => f.required).map((f) => f.rest),
                },
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** OpenAPI 3.1, built from the catalogue alone, like the routes and the tools. */
export function buildOpenApiDocument(publicUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of restOperations()) {
    const item = (paths[op.rest!.path] ??= {});
    item[op.rest!.method.toLowerCase()] = operationObject(op);
  }
  const meta = (summary: string, schema: Json): Json => ({
    get: { summary, security: [], tags: ['meta'], responses: { '200': { description: summary, content: { 'application/json': { schema } } } } },
  });
  paths['/api/health'] = meta('Liveness', { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] });
  paths['/api/health/ready'] = meta('Readiness: 200 when the database and the bus answer, else 503', { type: 'object' });
  paths['/api/version'] = meta('Deployed version (semver, no leading v)', { type: 'object', properties: { version: { type: 'string' } }, required: ['version'] });
  paths['/api/openapi.json'] = meta('This document', { type: 'object' });
  Object.assign(paths, authRouteDocs());
  paths['/api/mcp'] = {
    post: {
      summary: 'MCP endpoint (Streamable HTTP, JSON responses): initialize, ping, tools/list, tools/call',
      tags: ['mcp'],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { '200': { description: 'JSON-RPC response' }, '401': { $ref: '#/components/responses/Error401' } },
    },
  };
  const errorResponses = Object.fromEntries(Object.entries({ ...ERROR_STATUSES, ...UPLOAD_STATUSES }).map(([status, description]) => [
    `Error${status}`, { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  ]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Job marketplace API',
      version: CONTRACT_VERSION,
      'x-service-version': SERVICE_VERSION,
      description: 'Every operation is served as REST under /api and as an MCP tool on POST /api/mcp.',
    },
    servers: [{ url: publicUrl }],
    security: [{ apiKey: [] }, { session: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'API key starting with tl_' },
        session: {
          type: 'apiKey', in: 'cookie', name: 'mk_session',
          description: 'Browser session from signing in; writes must be same-origin (Origin or Referer) with Content-Type: application/json',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: { type: 'string' },
            retryAfter: { type: 'integer', minimum: 1 },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
            help: { type: 'string' },
            requestId: { type: 'string' },
          },
        },
      },
      responses: errorResponses,
    },
  };
}
