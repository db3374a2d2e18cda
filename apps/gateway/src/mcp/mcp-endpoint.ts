import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import { admitMcpSession, AppError, type Caller, openAccess } from '@marketplace/contracts';
import type { CallToolResult, Tool as ListedTool } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { bearerToken } from '../auth/authenticator.js';
import { MCP_PATH } from '../http/mcp-path.js';
import { sendRateLimit } from '../http/rate-limit-headers.js';
import { SERVICE_VERSION } from '../meta/service-version.js';
import type { AuthorizationServer } from '../oauth/authorization-server.js';
import { CHALLENGE_SCOPE, oauthCaller, PROTECTED_RESOURCE_PATHS } from '../oauth/protected-resource.js';
import { screenParams } from './json-rpc-params.js';
import { CONSENT_FORM, CONSENT_TERMS, consentDigest, type ConsentTerms } from './mcp-consent.js';
import { plainEra } from './mcp-era.js';
import { authInfoOf, callContextOf, callOf, type McpCall, parseErrorAsJsonRpc, rpcError, sendAnswer, toWebRequest, withoutBody } from './mcp-http.js';
// Sent to every client on initialize; kept in its own file, with its spec.
import { INSTRUCTIONS } from './mcp-instructions.js';
import { readMcpOriginPolicy, registerMcpOriginGuard } from './mcp-origin.js';
import { type PromptArgumentDef, PROMPTS } from './mcp-prompts.js';
import { textModeOf, toolGroupsOf } from './mcp-query.js';
import { CONSENT_TTL_S, consentCodecFor, type ConsentState } from './mcp-request-state.js';
import { serveResources } from './mcp-resource-handlers.js';
import { resolveResource } from './mcp-resources.js';
import { loadMcpSdk, type McpSdk } from './mcp-sdk.js';
import { McpSessions } from './mcp-sessions.js';
import { asTask, serveTasks, type TaskEnv } from './mcp-tasks.js';
import { callTool, checkArguments, COMMON, completions, invokeTool, type ToolDeps, toolError } from './mcp-tool-call.js';
import { buildTools, IDEMPOTENCY_ARG, inGroups, toolAccess, type ToolGroup, toolScope } from './mcp-tools.js';
import { type ListedTool as ToolDefinition, listTools } from './tool-listing.js';

/** The tool whose answer is a page for the human: on clients that can open one (URL elicitation), the server shows it. */
const RECORD_PAGE_TOOL = 'create_recording_link';
/** Ends the account: only with the person asked, never on an agent's typed confirmation alone. */
const DELETE_ACCOUNT_TOOL = 'delete_my_account';

interface JsonRpcMessage {
  method?: string;
  params?: { name?: string; uri?: string };
}

export interface McpDeps extends ToolDeps {
  oauth: AuthorizationServer;
}

export function registerMcpEndpoint(app: FastifyInstance, deps: McpDeps): void {
  // Host (DNS rebinding), Origin and CORS checks run before this route and its 405 answers.
  registerMcpOriginGuard(app, readMcpOriginPolicy(deps.oauth.issuer));
  const tools = buildTools();
  // In name order, so a client that caches the list (and its prompt) sees the same bytes each time.
  const sorted = [...tools.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  // Each tool's definition is worked out once, on the whole list's budget (tool-listing.ts); a group's
  // list is the same definitions, filtered.
  const listed = listTools(sorted);
  const listedByGroups = new Map<string, ToolDefinition[]>();
  const listFor = (groups: ReadonlySet<ToolGroup> | null) => {
    if (!groups) return listed;
    const key = [...groups].sort().join(',');
    let found = listedByGroups.get(key);
    if (!found) listedByGroups.set(key, (found = listed.filter((_, i) => inGroups(sorted[i]!, groups))));
    return found;
  };
  const resourceMetadata = `${deps.oauth.issuer}${PROTECTED_RESOURCE_PATHS[0]}`;

  // MCP authorization: 401 (no or bad token) and 403 insufficient_scope both name the metadata
  // document and the scopes to ask for, so a client can (re)authorize without prior knowledge.
  const challenge = (reply: FastifyReply, status: 401 | 403, scope: string, error?: string, description?: string) => {
    const params = [`resource_metadata="${resourceMetadata}"`, `scope="${scope}"`];
    if (error) params.push(`error="${error}"`);
    if (description) params.push(`error_description="${description.replace(/"/g, "'")}"`);
    return reply
      .code(status)
      .header('www-authenticate', `Bearer ${params.join(', ')}`)
      .send({ error: description ?? 'Sign in with OAuth to use this tool.', code: status === 401 ? 'unauthenticated' : 'forbidden' });
  };

  /** The caller an MCP request signs in as (null: none), or the challenge already sent. */
  const signIn = async (req: FastifyRequest, reply: FastifyReply): Promise<{ token?: string; caller: Caller | null } | { sent: FastifyReply }> => {
    const token = bearerToken(req.headers.authorization);
    if (req.headers.authorization !== undefined && !token) {
      return { sent: challenge(reply, 401, CHALLENGE_SCOPE, 'invalid_request', 'Send the access token as "Authorization: Bearer <token>".') };
    }
    if (token?.startsWith('tl_')) {
      return { sent: challenge(reply, 401, CHALLENGE_SCOPE, 'invalid_token', 'API keys are not accepted on /api/mcp; connect with OAuth sign-in.') };
    }
    if (!token) return { caller: null };
    try {
      const found = await oauthCaller(deps.oauth, deps.bus, token, req.id);
      if (found.budget) sendRateLimit(reply, found.budget);
      return { token, caller: found.caller };
    } catch (err) {
      if (err instanceof AppError && err.status === 401) return { sent: challenge(reply, 401, CHALLENGE_SCOPE, 'invalid_token', err.message) };
      throw err instanceof AppError ? err : AppError.unavailable('Sign-in is unavailable. Try again shortly.');
    }
  };

  // 2025-era clients that can ask their human are served in sessions of this process.
  const sessions = new McpSessions();
  app.addHook('preClose', async () => sessions.closeAll());
  /** Serves a 2025-era request in its session (see mcp-sessions.ts); undefined when it has none. */
  const inSession = (sdk: McpSdk, webRequest: Request, body: unknown, token: string | undefined, call: McpCall) =>
    sessions.serve(
      webRequest,
      body,
      call.caller,
      authInfoOf(token, call),
      {
        address: call.req.ip,
        // A bus failure answers 503 (nothing opened); a refusal is answered without a session.
        admit: async () => {
          await deps.bus.call(admitMcpSession, { clientIp: call.req.ip }, { requestId: call.req.id, caller: null });
        },
      },
      async (sessionIdGenerator) => {
        const server = buildServer(sdk);
        const transport = new sdk.LegacyTransport({ sessionIdGenerator, onsessionclosed: (id) => sessions.forget(id) });
        await server.connect(transport);
        return { server, transport };
      },
    );

  app.post(MCP_PATH, { errorHandler: parseErrorAsJsonRpc }, async (req: FastifyRequest, reply: FastifyReply) => {
    const signedIn = await signIn(req, reply);
    if ('sent' in signedIn) return signedIn.sent;
    const { token, caller } = signedIn;

    // The contract takes one message per POST: a batch would run many calls as one request, past
    // the agent's per-minute limit (and MCP revisions since 2025-06-18 removed batching).
    if (Array.isArray(req.body)) {
      return rpcError(reply, -32600, 'Send one JSON-RPC message per request; batches are not accepted.');
    }
    const sdk = await loadMcpSdk();
    // Params that do not fit their method are answered -32602 with a reason, on every revision,
    // rather than the SDK's -32603 and its schema dump (json-rpc-params.ts).
    const webRequest = toWebRequest(req);
    const { body, malformed } = screenParams(sdk.requestSchemas, req.body);
    const era = plainEra(req.headers['mcp-protocol-version'], body);
    const legacy = era ? era === 'legacy' : await sdk.isLegacyRequest(webRequest, body);
    const message = body as JsonRpcMessage | null;
    // A tool call, or a resource read (which a read tool answers), is challenged before it runs;
    // one screened out runs nothing, and is answered its -32602 whoever sent it.
    const tool = malformed.size
      ? undefined
      : message?.method === 'tools/call'
        ? tools.get(String(message.params?.name))
        : message?.method === 'resources/read'
          ? tools.get(resolveResource(String(message.params?.uri))?.def.tool ?? '')
          : undefined;
    {
      if (tool && !openAccess(toolAccess(tool)) && !caller) {
        return challenge(reply, 401, CHALLENGE_SCOPE, undefined, `Sign in to use ${tool.name}.`);
      }
      const scope = tool && toolScope(tool);
      if (tool && caller && scope && !caller.scopes.includes(scope)) {
        return challenge(
          reply,
          403,
          [...new Set([...caller.scopes, scope])].join(' '),
          'insufficient_scope',
          `${tool.name} needs the ${scope} scope; connect again and approve it.`,
        );
      }
    }

    const groups = toolGroupsOf(req.query);
    if (groups instanceof Error) {
      return rpcError(reply, -32602, groups.message);
    }
    const textMode = textModeOf(req.query);
    if (textMode instanceof Error) {
      return rpcError(reply, -32602, textMode.message);
    }
    const call: McpCall = { req, caller, malformed, consent: await consentCodec(sdk), groups, textMode };
    // A request screened out is answered in the session it names, but opens none (an initialize).
    const session = legacy && (!malformed.size || req.headers['mcp-session-id']) ? await inSession(sdk, webRequest, body, token, call) : undefined;
    if (session) {
      // Streamed: a tool call's answer may ask the human (elicitation) before its result comes.
      reply.raw.once('close', session.release);
      return sendAnswer(
        req,
        reply,
        session.response.status,
        session.response.headers,
        session.response.body ? Readable.fromWeb(session.response.body as NodeReadableStream) : Buffer.alloc(0),
      );
    }
    // The answer is read whole before the per-request Server closes (JSON, never a stream).
    let answer: { status: number; headers: Headers; bytes: ArrayBuffer };
    const read = async (r: Response) => ({ status: r.status, headers: r.headers, bytes: await r.arrayBuffer() });
    if (legacy) {
      // 2025-06-18 and 2025-11-25 (and older): one Server per request over the stateless Streamable
      // HTTP transport, answering JSON, as these clients have always been answered.
      const server = buildServer(sdk);
      const transport = new sdk.LegacyTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        answer = await read(await transport.handleRequest(webRequest, { parsedBody: body, authInfo: authInfoOf(token, call) }));
      } finally {
        void server.close();
      }
    } else {
      // 2026-07-28: stateless, every request carries its own _meta envelope; the SDK checks the
      // envelope and the standard headers against the body before the Server sees it.
      answer = await read(await modernHandler(sdk).fetch(webRequest, { parsedBody: body, authInfo: authInfoOf(token, call) }));
    }
    return sendAnswer(req, reply, answer.status, answer.headers, Buffer.from(answer.bytes));
  });

  // DELETE ends a 2025-era session (the only state this endpoint keeps); without one there is nothing to end.
  withoutBody(app, (scope) =>
    scope.delete(MCP_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
      const signedIn = await signIn(req, reply);
      if ('sent' in signedIn) return signedIn.sent;
      // An empty header names no session either (the session store would take it for none).
      if (!req.headers['mcp-session-id']) {
        return rpcError(reply, -32600, 'DELETE ends an MCP session: send its Mcp-Session-Id header. Other requests are POSTs.');
      }
      const sdk = await loadMcpSdk();
      const call: McpCall = { req, caller: signedIn.caller, malformed: new Map(), consent: await consentCodec(sdk), groups: null, textMode: 'concise' };
      // With the header the session store always answers: ended, 404 or refused.
      const ended = (await inSession(sdk, toWebRequest(req), undefined, signedIn.token, call))!;
      ended.release();
      return sendAnswer(req, reply, ended.response.status, ended.response.headers, Buffer.from(await ended.response.arrayBuffer()));
    }),
  );

  const consentCodec = (sdk: McpSdk) => consentCodecFor(deps.oauth, sdk);
  const taskEnv = (sdk: McpSdk): TaskEnv => ({
    sdk,
    tools,
    deps,
    callContext: callContextOf,
  });

  // One Server may serve many requests (a 2025-era session): each handler reads the request's own call.
  const buildServer = (sdk: McpSdk) => {
    const server = new sdk.Server(
      { name: 'marketplace', version: SERVICE_VERSION },
      {
        capabilities: {
          tools: { listChanged: false },
          resources: { listChanged: false, subscribe: false },
          prompts: { listChanged: false },
          completions: {},
        },
        instructions: INSTRUCTIONS,
        jsonSchemaValidator: sdk.jsonSchemaValidator,
        // The lists are the same for every caller and change only with a release.
        cacheHints: Object.fromEntries(
          ['tools/list', 'server/discover', 'resources/list', 'resources/templates/list', 'prompts/list'].map((method) => [
            method,
            { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
          ]),
        ),
        requestState: { verify: (state, ctx) => callOf(ctx).consent.verify(state, ctx) },
        // A 2025-era session waits for the human's answer as long as the sealed question stays valid.
        inputRequired: { roundTimeoutMs: CONSENT_TTL_S * 1000 },
      },
    );
    server.setRequestHandler('tools/list', async (_request, serverCtx) => ({ tools: listFor(callOf(serverCtx).groups) as unknown as ListedTool[] }));
    server.setRequestHandler('tools/call', async (request, serverCtx) => {
      const call = callOf(serverCtx);
      const tool = tools.get(request.params.name);
      if (!tool) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, `Unknown tool ${request.params.name}: tools/list names every tool.`);
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      const ctx = callContextOf(serverCtx);
      const readTerms = CONSENT_TERMS[tool.name];
      const envelope = serverCtx.mcpReq.envelope as Record<string, { elicitation?: { url?: unknown } } | undefined> | undefined;
      // 2026-07-28 declares them per request; a 2025-era session at initialize (stateless 2025 requests: none).
      const capabilities =
        ctx.caller && (readTerms || tool.name === RECORD_PAGE_TOOL)
          ? (envelope?.[sdk.CLIENT_CAPABILITIES_META_KEY] ?? server.getClientCapabilities())
          : undefined;
      if (tool.name === RECORD_PAGE_TOOL && capabilities?.elicitation?.url) {
        // The human records on the page: the client opens it for them (URL elicitation), rather
        // than the agent pasting a link into the chat. The retry answers the link made here.
        const state = serverCtx.mcpReq.requestState<ConsentState>();
        if (state?.digest === RECORD_PAGE_TOOL) return state.made as CallToolResult;
        const made = await callTool(tool, args, ctx, deps, call.textMode);
        const url = (made.structuredContent as { result?: { url?: string } } | undefined)?.result?.url;
        if (made.isError || !url) return made;
        return sdk.inputRequired({
          inputRequests: {
            record: sdk.inputRequired.elicitUrl({
              message:
                'Record a short walkthrough of the problem for your job post (screen, and your camera if you like). The page stays valid for 60 minutes.',
              url,
            }),
          },
          requestState: await call.consent.mint({ digest: RECORD_PAGE_TOOL, made }, serverCtx),
        }) as never;
      }
      if (tool.name === DELETE_ACCOUNT_TOOL && ctx.caller && !capabilities?.elicitation) {
        // Typing the confirmation is something an agent can do by itself; the person must be asked.
        try {
          checkArguments(tool, args);
        } catch (err) {
          if (err instanceof AppError) return toolError(err);
          throw err;
        }
        return toolError(
          AppError.forbidden(
            `Deleting the account needs your human: they delete it themselves at ${deps.oauth.issuer}/me/delete, or you call again from ` +
              'a client that can ask them (MCP elicitation). Nothing was done.',
          ),
        );
      }
      if (readTerms && capabilities?.elicitation) {
        // The human answers the question, bound to the terms read now; a changed job voids it.
        const own = Object.fromEntries(Object.entries(args).filter(([k]) => !COMMON.has(k) && k !== IDEMPOTENCY_ARG));
        let asked: ConsentTerms;
        try {
          asked = await readTerms(own, (name, input) => invokeTool(tools.get(name)!, input, ctx, deps));
        } catch (err) {
          return toolError(err instanceof AppError ? err : new AppError(500, 'Something went wrong on our side.', { requestId: ctx.requestId }));
        }
        const digest = consentDigest(tool.name, own, asked);
        const state = serverCtx.mcpReq.requestState<ConsentState>();
        if (!state) {
          return sdk.inputRequired({
            inputRequests: { consent: sdk.inputRequired.elicit({ message: asked.summary, requestedSchema: CONSENT_FORM }) },
            requestState: await call.consent.mint({ digest }, serverCtx),
          }) as never;
        }
        if (state.digest !== digest) {
          return toolError(
            AppError.conflict(
              'The terms changed after your human was asked (the job was edited, work was turned in, or the arguments differ). Nothing was done: call again to ask them anew.',
            ),
          );
        }
        if (sdk.acceptedContent(serverCtx.mcpReq.inputResponses, 'consent')?.approve !== true) {
          return toolError(AppError.forbidden('Your human did not approve this. Nothing was done.'));
        }
      }
      return asTask(tool, args, await callTool(tool, args, ctx, deps, call.textMode), taskEnv(sdk), serverCtx);
    });
    serveResources(server, sdk, tools, deps);
    server.setRequestHandler('prompts/list', async () => ({
      prompts: PROMPTS.map((p) => ({
        name: p.name,
        title: p.title,
        description: p.description,
        arguments: p.arguments.map(({ name, description, required }) => ({ name, description, required })),
      })),
    }));
    server.setRequestHandler('prompts/get', async (request) => {
      const prompt = PROMPTS.find((p) => p.name === request.params.name);
      if (!prompt) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, `Unknown prompt ${request.params.name}: prompts/list names them.`);
      const args = request.params.arguments ?? {};
      const missing = prompt.arguments.filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
      if (missing.length) throw new sdk.ProtocolError(sdk.ProtocolErrorCode.InvalidParams, `${prompt.name} needs ${missing.join(', ')}.`);
      return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }] };
    });
    server.setRequestHandler('completion/complete', async (request, serverCtx) => {
      const { ref, argument } = request.params;
      const source =
        ref.type === 'ref/prompt'
          ? PROMPTS.find((p) => p.name === ref.name)?.arguments.find((a) => a.name === argument.name)?.complete
          : completionForResourceArgument(argument.name);
      const values = source ? await completions(source, argument.value, callContextOf(serverCtx), deps, tools) : [];
      return { completion: { values: values.slice(0, 100), total: values.length, hasMore: values.length > 100 } };
    });
    return server;
  };

  // One handler for the process: it keeps nothing between requests but its settings.
  let modern: ReturnType<McpSdk['createMcpHandler']> | undefined;
  const modernHandler = (sdk: McpSdk) => {
    modern ??= sdk.createMcpHandler(() => serveTasks(buildServer(sdk), taskEnv(sdk)), {
      legacy: 'reject',
      responseMode: 'json',
    });
    return modern;
  };
}

/** How long a client may keep the tool, resource and prompt lists and server/discover (2026-07-28 caching hints). */
const LIST_TTL_MS = 300_000;

/** Template parts that name the caller's own records. */
function completionForResourceArgument(name: string): PromptArgumentDef['complete'] {
  if (name === 'id' || name === 'job_id') return 'my-job';
  if (name === 'draft_id') return 'my-draft';
  return undefined;
}
