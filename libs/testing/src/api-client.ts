/** Small fetch helpers for end-to-end tests through the gateway. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function api<T = any>(
  baseUrl: string, path: string, init: { method?: string; key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
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

/** One JSON-RPC message to POST /api/mcp, as a Streamable HTTP client sends it. */
export async function mcp<T = any>(
  baseUrl: string, method: string, params: Record<string, unknown> = {}, token?: string,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json', accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return api<T>(baseUrl, '/api/mcp', {
    method: 'POST', headers, rawBody: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
}
