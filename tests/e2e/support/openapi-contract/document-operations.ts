/**
 * The OpenAPI document read the way a third-party tool reads it (Schemathesis, a client
 * generator): every path and method it lists, each parameter, the request body and the answers it
 * declares, with every local `$ref` followed. Nothing here knows the catalogue: what the fuzzer
 * checks is the document the server serves at /api/openapi.json.
 */

export type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, any>;

export const DOCUMENT_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace', 'query'] as const;

export interface DocParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
  explode: boolean;
}

export interface DocBody {
  required: boolean;
  /** Media type to schema (undefined when the media type declares none). */
  content: Record<string, JsonSchema | undefined>;
}

export interface DocResponse {
  /** Media type to schema; empty when the answer declares no body. */
  content: Record<string, JsonSchema | undefined>;
  headers: Record<string, JsonSchema | undefined>;
}

export interface DocOperation {
  /** `GET /api/jobs/{id}`: how findings and the allow-list name an operation. */
  key: string;
  method: string;
  path: string;
  operationId: string;
  parameters: DocParameter[];
  body?: DocBody;
  /** Status (or `4XX`, `default`) to its declared answer. */
  responses: Record<string, DocResponse>;
  /** The security requirements in force (the operation's, else the document's). */
  security: Array<Record<string, string[]>>;
}

/** Follows a local `$ref` (`#/components/...`), repeatedly; anything else is returned as is. */
export function deref<T>(doc: OpenApiDocument, node: T): T {
  let current: any = node;
  for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(current.$ref)}`);
    const pointer = String(current.$ref);
    if (!pointer.startsWith('#/')) throw new Error(`Only local $refs are expected, not ${pointer}`);
    current = pointer
      .slice(2)
      .split('/')
      .reduce((at: any, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (current === undefined) throw new Error(`Unresolved $ref ${pointer}`);
  }
  return current as T;
}

/** A schema with every local `$ref` inside it replaced by what it points at (the document has no cycles). */
export function inlineRefs(doc: OpenApiDocument, schema: unknown, depth = 0): any {
  if (depth > 64) throw new Error('Schema nested too deeply to inline');
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(doc, s, depth + 1));
  if (!schema || typeof schema !== 'object') return schema;
  const resolved = deref(doc, schema as Record<string, unknown>);
  return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, inlineRefs(doc, v, depth + 1)]));
}

function contentOf(doc: OpenApiDocument, content: unknown): Record<string, JsonSchema | undefined> {
  const out: Record<string, JsonSchema | undefined> = {};
  for (const [type, media] of Object.entries((content ?? {}) as Record<string, { schema?: unknown }>)) {
    out[type] = media.schema === undefined ? undefined : inlineRefs(doc, media.schema);
  }
  return out;
}

/** Every operation of the document, in its order. */
export function documentOperations(doc: OpenApiDocument): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Record<string, any>)) {
    const item = deref(doc, rawItem);
    for (const method of DOCUMENT_METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: unknown): DocParameter => {
        const param = deref(doc, p as Record<string, any>);
        const schema = inlineRefs(doc, param.schema ?? {}) as JsonSchema;
        return {
          name: String(param.name),
          in: param.in,
          required: param.in === 'path' || param.required === true,
          schema,
          // OpenAPI's default for query parameters is form style, exploded.
          explode: param.explode ?? (param.style === undefined || param.style === 'form'),
        };
      });
      const requestBody = op.requestBody ? deref(doc, op.requestBody) : undefined;
      const responses: Record<string, DocResponse> = {};
      for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
        const response = deref(doc, raw as Record<string, any>);
        const headers: Record<string, JsonSchema | undefined> = {};
        for (const [name, h] of Object.entries((response.headers ?? {}) as Record<string, unknown>)) {
          headers[name.toLowerCase()] = inlineRefs(doc, deref(doc, h as Record<string, any>).schema);
        }
        responses[status] = { content: contentOf(doc, response.content), headers };
      }
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        parameters,
        ...(requestBody ? { body: { required: requestBody.required === true, content: contentOf(doc, requestBody.content) } } : {}),
        responses,
        security: (op.security ?? doc.security ?? []) as Array<Record<string, string[]>>,
      });
    }
  }
  return out;
}

/** The declared answer for a status: exact, then its class (`4XX`), then `default`. */
export function declaredResponse(op: DocOperation, status: number): DocResponse | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

/** Whether a caller with no credential at all is let in (an empty requirement, or none at all). */
export function allowsAnonymous(op: DocOperation): boolean {
  return op.security.length === 0 || op.security.some((r) => Object.keys(r).length === 0);
}

/** Whether some requirement is met by the given schemes alone. */
export function satisfiedBy(op: DocOperation, schemes: readonly string[]): boolean {
  return op.security.some((r) => Object.keys(r).length > 0 && Object.keys(r).every((s) => schemes.includes(s)));
}
