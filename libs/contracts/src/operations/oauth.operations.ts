import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, SOME_TEXT_PATTERN } from '../schemas/common.schema.js';
import { callerSchema, requestBudgetSchema } from './identity.operations.js';

/**
 * OAuth sign-in for MCP clients. The authorization server runs in the gateway (oidc-provider);
 * everything it stores (clients, grants, sessions, interactions, codes, tokens, signing keys)
 * lives in the identity service, so any gateway replica can finish a flow another one began.
 */

/** Model names oidc-provider stores through its adapter (plus our signing keys). */
export const oauthModelSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z]+$/);
const recordIdSchema = z.string().min(1).max(4096);
const payloadSchema = z.record(z.string(), z.unknown());

export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'agent:read', 'agent:write'] as const;

export const oauthUpsert = defineOperation({
  name: 'oauthUpsert',
  service: 'identity',
  summary: 'Store an authorization server record (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    model: oauthModelSchema,
    id: recordIdSchema,
    payload: payloadSchema,
    /**
     * Seconds until the record expires; absent for records that never expire, except registered
     * clients: those expire after 30 days unless used for a token first.
     */
    expiresIn: z.number().int().positive().optional(),
  }),
  output: z.object({ stored: z.literal(true) }),
});

export const oauthFind = defineOperation({
  name: 'oauthFind',
  service: 'identity',
  summary: 'Read an authorization server record by id, uid or user code (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    model: oauthModelSchema,
    by: z.enum(['id', 'uid', 'userCode']).default('id'),
    value: recordIdSchema,
  }),
  output: z.object({ payload: payloadSchema.nullable() }),
});

export const oauthConsume = defineOperation({
  name: 'oauthConsume',
  service: 'identity',
  summary: 'Mark an authorization server record used, e.g. a code or rotated refresh token (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ model: oauthModelSchema, id: recordIdSchema }),
  output: z.object({ stored: z.literal(true) }),
});

export const oauthDestroy = defineOperation({
  name: 'oauthDestroy',
  service: 'identity',
  summary: 'Delete an authorization server record (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ model: oauthModelSchema, id: recordIdSchema }),
  output: z.object({ stored: z.literal(true) }),
});

export const oauthRevokeByGrant = defineOperation({
  name: 'oauthRevokeByGrant',
  service: 'identity',
  summary: 'Delete every record issued under a grant (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ grantId: recordIdSchema }),
  output: z.object({ stored: z.literal(true) }),
});

/** Counts one dynamic client registration from a client address; 429 once the address used its allowance. */
export const oauthAdmitRegistration = defineOperation({
  name: 'oauthAdmitRegistration',
  service: 'identity',
  summary: 'Count a dynamic client registration against its client address (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ clientIp: z.string().min(1).max(100) }),
  output: z.object({ admitted: z.literal(true) }),
});

/**
 * Counts one MCP session a client opens before sign-in (a 2025-era `initialize` declaring
 * elicitation, from no signed-in caller) against its client address; 429 once the address opened
 * its allowance this minute. The gateway then serves that client without a session.
 */
export const admitMcpSession = defineOperation({
  name: 'admitMcpSession',
  service: 'identity',
  summary: 'Count an MCP session opened before sign-in against its client address (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ clientIp: z.string().min(1).max(100) }),
  output: z.object({ admitted: z.literal(true) }),
});

const jwkSchema = z.record(z.string(), z.unknown());

export const oauthServerKeys = defineOperation({
  name: 'oauthServerKeys',
  service: 'identity',
  summary: 'Signing keys and cookie secrets of the authorization server, created once and shared by every gateway replica (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({}),
  output: z.object({ keys: z.array(jwkSchema).min(1), cookieKeys: z.array(z.string()).min(1) }),
});

export const oauthAccount = defineOperation({
  name: 'oauthAccount',
  service: 'identity',
  summary: 'Claims about a member for the client they approved (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ memberId: z.string().min(1).max(100) }),
  output: z
    .object({
      sub: z.string(),
      name: z.string(),
      email: z.string(),
      email_verified: z.boolean(),
    })
    .nullable(),
});

const oauthCallerSchema = callerSchema.extend({ via: z.literal('oauth'), clientId: z.string(), budget: requestBudgetSchema.optional() });

/**
 * Checked on every MCP request: the token's signature and expiry are verified in the gateway;
 * this answers whether the grant behind it still stands (disconnecting ends it) and who the human is.
 */
export const authenticateOAuth = defineOperation({
  name: 'authenticateOAuth',
  service: 'identity',
  summary: 'Resolve a verified MCP access token to the human who approved it (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    grantId: z.string().min(1).max(200),
    clientId: z.string().min(1).max(2048),
    memberId: z.string().min(1).max(100),
    scopes: z.array(z.string().max(100)).max(20),
  }),
  output: oauthCallerSchema,
});

export const recordAgentConsent = defineOperation({
  name: 'recordAgentConsent',
  service: 'identity',
  summary: 'Remember that a member approved an agent (gateway only, from the consent page)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    memberId: z.string().min(1).max(100),
    clientId: z.string().min(1).max(2048),
    clientName: z.string().max(200),
    domain: z.string().max(255),
    scopes: z.array(z.string().max(100)).max(20),
    grantId: z.string().min(1).max(200),
  }),
  output: z.object({ stored: z.literal(true) }),
});

export const connectedAgentSchema = z.object({
  clientId: z.string(),
  name: z.string().describe('The name the agent registered with'),
  domain: z.string().describe('Host the agent returns to after sign-in (its redirect host)'),
  scopes: z.array(z.string()).describe('Scopes the member granted'),
  connectedAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
});

export const listConnectedAgents = defineOperation({
  name: 'listConnectedAgents',
  service: 'identity',
  summary: 'List connected agents',
  access: 'signedIn',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ agents: z.array(connectedAgentSchema) }),
  rest: { method: 'GET', path: '/api/me/agents', status: 200 },
  mcp: {
    tool: 'list_connected_agents',
    description: 'List the agents (MCP clients) you approved, newest first: name, domain, granted scopes, when connected and last used.',
  },
});

export const disconnectAgent = defineOperation({
  name: 'disconnectAgent',
  service: 'identity',
  summary: 'Disconnect an agent',
  access: 'signedIn',
  scope: 'agent:write',
  input: z.object({
    clientId: z
      .string()
      .trim()
      .min(1, 'Required.')
      .max(2048, 'At most 2,048 characters.')
      .regex(SOME_TEXT_PATTERN, 'Required.')
      .describe("The agent's client id (URL-encoded in the path)"),
  }),
  output: z.object({ clientId: z.string(), disconnected: z.literal(true) }),
  rest: { method: 'DELETE', path: '/api/me/agents/{clientId}', status: 200 },
  mcp: {
    tool: 'disconnect_agent',
    description: 'Disconnect an agent: removes its consent, revokes its tokens and signs it out. Connecting again asks for approval anew.',
  },
});

export const oauthOperations = [
  oauthUpsert,
  oauthFind,
  oauthConsume,
  oauthDestroy,
  oauthRevokeByGrant,
  oauthAdmitRegistration,
  admitMcpSession,
  oauthServerKeys,
  oauthAccount,
  authenticateOAuth,
  recordAgentConsent,
  listConnectedAgents,
  disconnectAgent,
] as const;
