/** Small fetch helpers for end-to-end tests through the gateway. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function api<T = any>(
  baseUrl: string,
  path: string,
  init: { method?: string; key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(init.body);
  }
  const res = await fetch(`${baseUrl}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

let rpcId = 0;

/**
 * One JSON-RPC message to POST /api/mcp, as a Streamable HTTP client sends it. A tool's result is
 * checked against the outputSchema tools/list declares for it, as the SDK's client does: every
 * tool call in the suite proves its result has the shape agents are promised.
 */
export async function mcp<T = any>(baseUrl: string, method: string, params: Record<string, unknown> = {}, token?: string): Promise<ApiResponse<T>> {
  const res = await postMcp<T>(baseUrl, method, params, token);
  const result = (res.body as { result?: { isError?: boolean; structuredContent?: unknown } } | undefined)?.result;
  if (method === 'tools/call' && result?.structuredContent !== undefined && !result.isError) {
    const check = (await outputValidators(baseUrl)).get(String(params.name));
    if (!check) throw new Error(`tools/list declares no outputSchema for ${String(params.name)}`);
    const verdict = check(result.structuredContent);
    if (!verdict.valid) {
      throw new Error(
        `${String(params.name)} answered outside its outputSchema: ${verdict.errorMessage}\n${JSON.stringify(result.structuredContent).slice(0, 2000)}`,
      );
    }
  }
  return res;
}

async function postMcp<T>(baseUrl: string, method: string, params: Record<string, unknown>, token?: string): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return api<T>(baseUrl, '/api/mcp', {
    method: 'POST',
    headers,
    rawBody: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
}

type OutputCheck = (value: unknown) => { valid: boolean; errorMessage?: string };
const validators = new Map<string, Promise<Map<string, OutputCheck>>>();

function outputValidators(baseUrl: string): Promise<Map<string, OutputCheck>> {
  let found = validators.get(baseUrl);
  if (!found) {
    found = (async () => {
      const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/server/validators/ajv');
      const ajv = new AjvJsonSchemaValidator();
      const listed = await postMcp<{ result: { tools: Array<{ name: string; outputSchema?: Record<string, unknown> }> } }>(baseUrl, 'tools/list', {});
      const out = new Map<string, OutputCheck>();
      for (const tool of listed.body.result.tools) {
        if (tool.outputSchema) out.set(tool.name, ajv.getValidator(tool.outputSchema as never) as OutputCheck);
      }
      return out;
    })();
    found.catch(() => validators.delete(baseUrl));
    validators.set(baseUrl, found);
  }
  return found;
}
