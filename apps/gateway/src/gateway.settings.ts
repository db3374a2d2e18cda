import { batchingSettings, defineSettings, originSettings, setting } from '@marketplace/service-kit/edge';

/** What the gateway alone reads; trusted origins and the audience flush are the kit's shared groups. */
export const gatewaySettings = defineSettings('gateway', 'gateway', {
  port: setting.int('PORT', { default: 3000, min: 0, max: 65_535, description: 'the port the gateway serves HTTP on' }),
  host: setting.string('HOST', { default: '127.0.0.1', description: 'the address the gateway listens on' }),
  drainMs: setting.duration('GATEWAY_DRAIN_MS', {
    default: 0,
    min: 0,
    max: 60_000,
    description: 'how long a stopping gateway keeps serving while it tells load balancers and clients to go elsewhere',
  }),
  trustProxyHops: setting.int('TRUST_PROXY_HOPS', {
    min: 0,
    max: 99,
    description: 'reverse proxies in front of the gateway: the client address is the X-Forwarded-For entry the outermost appended; unset: TRUST_PROXY',
  }),
  trustProxy: setting.bool('TRUST_PROXY', { default: false, description: 'older setting: true is TRUST_PROXY_HOPS=1' }),
  mcpSessionsMax: setting.int('MCP_SESSIONS_MAX', {
    default: 2_000,
    min: 1,
    description: 'MCP sessions (clients with elicitation) one gateway process keeps at once',
  }),
  mcpUnclaimedSessionsPerAddress: setting.int('MCP_UNCLAIMED_SESSIONS_PER_ADDRESS', {
    default: 20,
    min: 1,
    description: 'live MCP sessions one client address may hold before a signed-in request uses them',
  }),
  mcpUsageFlushMs: setting.duration('MCP_USAGE_FLUSH_MS', {
    default: 5000,
    min: 50,
    description: 'how often each gateway process writes the MCP tool use it counted',
  }),
  oauthAccessTokenTtl: setting.int('OAUTH_ACCESS_TOKEN_TTL', { default: 3600, min: 1, description: 'seconds an OAuth access token lives' }),
  oauthSigningKeys: setting.string('OAUTH_SIGNING_KEYS', {
    secret: true,
    description: "the authorization server's token signing keys (JSON array of private JWKs or PEM); required in production",
  }),
  oauthCookieKeys: setting.string('OAUTH_COOKIE_KEYS', {
    secret: true,
    description: "the authorization server's cookie secrets (JSON array or comma-separated); required in production",
  }),
  oauthClientMetadataLoopbackOrigin: setting.url('OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN', {
    description: 'tests only (ignored in production): a loopback http origin client metadata documents are read from',
  }),
});

/** Every group of settings the gateway reads: read at its start, and rendered into the operators' table. */
export const SETTINGS = [gatewaySettings, originSettings, batchingSettings];
