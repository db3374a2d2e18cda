/**
 * Which wire a POSTed JSON-RPC request speaks, when that is plain from its shape: the SDK's own
 * predicate (`isLegacyRequest`) runs the whole inbound classification, zod checks of every
 * message kind included, which was a visible share of each tool call's CPU. This answers only
 * the two cases where the SDK's ladder has a single outcome, and undefined for everything else
 * (notifications, responses, initialize, odd shapes), which the SDK then decides.
 *
 * - legacy: a well-formed request with no envelope claim (`_meta` without the protocol-version
 *   key) and no MCP-Protocol-Version header of 2026-07-28 or later;
 * - modern: a well-formed request whose header names 2026-07-28 or later. The SDK never serves
 *   such a request as 2025-era: with a claim it is modern, without one it is refused by the
 *   modern ladder, which is where it then goes.
 */
export function plainEra(protocolVersionHeader: string | string[] | undefined, body: unknown): 'legacy' | 'modern' | undefined {
  if (!isPlainObject(body)) return undefined;
  const { jsonrpc, method, id, params } = body;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || method === 'initialize') return undefined;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return undefined;
  if ('result' in body || 'error' in body) return undefined;
  if (params !== undefined && !isPlainObject(params)) return undefined;
  if (Array.isArray(protocolVersionHeader)) return undefined;
  const version = protocolVersionHeader?.trim();
  if (version !== undefined && version >= FIRST_MODERN_REVISION) return 'modern';
  const meta = params?._meta;
  if (meta !== undefined && (!isPlainObject(meta) || ENVELOPE_CLAIM in meta)) return undefined;
  return 'legacy';
}

/** The SDK's first revision with the per-request envelope, and the key that claims it. */
const FIRST_MODERN_REVISION = '2026-07-28';
const ENVELOPE_CLAIM = 'io.modelcontextprotocol/protocolVersion';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
