import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, oneLine, text } from '../schemas/common.schema.js';
import { callerSchema } from './identity.operations.js';

/** Name of the browser session cookie; the gateway sets and reads it, identity stores its hash. */
export const SESSION_COOKIE = 'mk_session';
/**
 * The cookie's name behind an https public URL: the `__Host-` prefix makes browsers insist on
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or shadow it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Sessions last this long and slide forward while used. */
export const SESSION_DAYS = 30;
/** Default cap on a session's life from sign-in, however much it is used (SESSION_ABSOLUTE_DAYS). */
export const SESSION_ABSOLUTE_DAYS = 90;

const callbackUrl = (what: string) =>
  text(2048).describe(`${what}: a path on this service (e.g. /agent-access) or an absolute URL on a trusted origin; anything else answers 403.`);

const secretToken = z.string().min(16).max(200);

/** A started browser session: the raw token goes into the cookie and is never stored. */
const startedSessionSchema = z.object({
  sessionToken: z.string(),
  expiresAt: dateTimeSchema,
  memberId: z.string(),
  newUser: z.boolean(),
  /** Where the browser goes next: a same-origin path or a trusted absolute URL. */
  redirectTo: z.string(),
});

/** Where to send a browser whose sign-in failed; `error` is a short code for the page. */
const failedSignInSchema = z.object({ redirectTo: z.string(), error: z.string() });

export const requestMagicLink = defineOperation({
  name: 'requestMagicLink',
  service: 'identity',
  summary: 'Email a single-use sign-in link, valid 5 minutes',
  access: 'public',
  input: z.object({
    email: z
      .email('Must be an email address.')
      .max(254, 'At most 254 characters.')
      .transform((s) => s.toLowerCase())
      .describe('Where the link is sent. The answer is the same whether or not an account exists.'),
    name: oneLine(120).optional().describe('Name for a new account; defaults to the part of the address before @.'),
    callbackURL: callbackUrl('Where the link lands after signing in (default /)').optional(),
    newUserCallbackURL: callbackUrl('Where a first sign-in lands instead of callbackURL').optional(),
    errorCallbackURL: callbackUrl('Where a failed link lands, with ?error=INVALID_TOKEN or EXPIRED_TOKEN').optional(),
    clientIp: z.string().max(100),
    origin: z.string().max(2048).optional(),
  }),
  output: z.object({ status: z.literal(true) }),
  rest: {
    method: 'POST',
    path: '/api/auth/sign-in/magic-link',
    status: 200,
    fields: { clientIp: { in: 'request', name: 'ip' }, origin: { in: 'request', name: 'origin' } },
    // A callback URL on an origin this service does not trust is refused with 403.
    statuses: [403],
  },
});

/** Followed from the email by the gateway's GET /api/auth/magic-link/verify; consumes the token once. */
export const verifyMagicLink = defineOperation({
  name: 'verifyMagicLink',
  service: 'identity',
  summary: 'Consume a sign-in link and start a session (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ token: secretToken, userAgent: z.string().max(500).optional() }),
  output: z.union([startedSessionSchema.extend({ ok: z.literal(true) }), failedSignInSchema.extend({ ok: z.literal(false) })]),
});

/**
 * What the "Continue signing in" page shows before the person presses the button: the address
 * an unused, unexpired link signs into. Spends nothing; null for any other token.
 */
export const peekMagicLink = defineOperation({
  name: 'peekMagicLink',
  service: 'identity',
  summary: 'The email address an unused, unexpired sign-in link is for, without consuming it (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ token: secretToken }),
  output: z.object({ email: z.string().nullable() }),
});

/** Resolves a session cookie to its member; slides the expiry forward at most once a day. */
export const authenticateSession = defineOperation({
  name: 'authenticateSession',
  service: 'identity',
  summary: 'Resolve a browser session (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ token: secretToken }),
  output: z.object({ caller: callerSchema, expiresAt: dateTimeSchema, renewed: z.boolean() }),
});

export const endSession = defineOperation({
  name: 'endSession',
  service: 'identity',
  summary: 'Delete a browser session (gateway only; sign-out)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ token: secretToken }),
  output: z.object({ ended: z.boolean() }),
});

/*
 * REST-only like the API-key routes: ending browser sessions is account housekeeping, not an agent tool.
 */
export const endMySessions = defineOperation({
  name: 'endMySessions',
  service: 'identity',
  summary:
    'Sign out everywhere: end every browser session of the caller, including the one making the request (its cookie answers 401 from then on). API keys and connected agents are untouched',
  access: 'signedIn',
  scope: 'agent:write',
  input: z.object({}),
  output: z.object({ ended: z.number().int().describe('How many sessions were ended') }),
  rest: { method: 'POST', path: '/api/me/sessions/end-all', status: 200 },
});

export const listAuthMethods = defineOperation({
  name: 'listAuthMethods',
  service: 'identity',
  summary: 'Sign-in methods this deployment offers',
  access: 'public',
  input: z.object({}),
  output: z.object({
    methods: z.array(
      z.object({
        id: z
          .enum(['magic_link', 'oidc', 'api_key'])
          .describe('magic_link: emailed link (only when email is configured); oidc: a federated provider; api_key: REST keys'),
        name: z.string().describe('What a sign-in page calls it'),
        url: z.string().optional().describe('Where a browser starts this method: POST for magic_link, GET (navigate) for oidc'),
      }),
    ),
  }),
  rest: { method: 'GET', path: '/api/auth-methods', status: 200 },
});

export const getAccountAdmin = defineOperation({
  name: 'getAccountAdmin',
  service: 'identity',
  summary: 'Whether the caller has staff access',
  access: 'signedIn',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({
    admin: z.boolean().describe('True for a verified address on a staff email domain or an account marked staff'),
  }),
  rest: { method: 'GET', path: '/api/account/admin', status: 200 },
});

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('First characters of the key, to tell keys apart'),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable().describe('Kept to the minute'),
});

/*
 * API keys are for REST, so these are REST-only: an agent on MCP signs in with OAuth and has no
 * use for keys, and a tool that mints keys would let a token outlive its consent.
 */
export const listMyApiKeys = defineOperation({
  name: 'listMyApiKeys',
  service: 'identity',
  summary: "The caller's active API keys, newest first (the key itself is never shown again)",
  access: 'verified',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ keys: z.array(apiKeySchema) }),
  rest: { method: 'GET', path: '/api/me/api-keys', status: 200 },
});

export const createMyApiKey = defineOperation({
  name: 'createMyApiKey',
  service: 'identity',
  summary: 'Create an API key; `key` is shown in this answer only. Needs a browser session (403 with an API key); at most 20 active keys (409)',
  access: 'verified',
  scope: 'agent:write',
  input: z.object({ name: oneLine(120).describe('What the key is for, e.g. the agent using it') }),
  output: apiKeySchema.extend({ key: z.string().describe('The key, starting with tl_; store it now') }),
  rest: { method: 'POST', path: '/api/me/api-keys', status: 201 },
});

export const revokeMyApiKey = defineOperation({
  name: 'revokeMyApiKey',
  service: 'identity',
  summary: "Revoke one of the caller's API keys; it answers 401 from then on. 404 when the caller has no such key",
  access: 'verified',
  scope: 'agent:write',
  input: z.object({ id: idSchema }),
  output: z.object({ id: z.string(), revoked: z.literal(true) }),
  rest: { method: 'DELETE', path: '/api/me/api-keys/{id}', status: 200 },
});

/** Federated sign-in, step 1: where to send the browser (gateway only). */
export const startOidcSignIn = defineOperation({
  name: 'startOidcSignIn',
  service: 'identity',
  summary: 'Begin a federated sign-in (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    callbackURL: z.string().max(2048).optional(),
    newUserCallbackURL: z.string().max(2048).optional(),
    errorCallbackURL: z.string().max(2048).optional(),
  }),
  output: z.object({ authorizationUrl: z.string(), state: z.string() }),
});

/** Federated sign-in, step 2: the provider sent the browser back (gateway only). */
export const completeOidcSignIn = defineOperation({
  name: 'completeOidcSignIn',
  service: 'identity',
  summary: 'Finish a federated sign-in and start a session (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({
    /** The full callback URL as the browser requested it (code, state, iss). */
    callbackUrl: z.string().max(8192),
    /** The state remembered in the browser's cookie, which must match the URL's. */
    browserState: z.string().max(200).optional(),
    userAgent: z.string().max(500).optional(),
  }),
  output: z.union([startedSessionSchema.extend({ ok: z.literal(true) }), failedSignInSchema.extend({ ok: z.literal(false) })]),
});

export const signInOperations = [
  requestMagicLink,
  verifyMagicLink,
  peekMagicLink,
  authenticateSession,
  endSession,
  endMySessions,
  listAuthMethods,
  getAccountAdmin,
  listMyApiKeys,
  createMyApiKey,
  revokeMyApiKey,
  startOidcSignIn,
  completeOidcSignIn,
] as const;
