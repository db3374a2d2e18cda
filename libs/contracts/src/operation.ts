import type { z } from 'zod';

import type { CredentialKind, Scope } from './caller.js';
import type { ErrorCode } from './errors/error-codes.js';

export type ServiceName = 'identity' | 'jobs' | 'applications' | 'files' | 'drafts' | 'notifications' | 'admin';

/**
 * Who may run an operation, enforced by the owning service before its handler runs. A ladder:
 * - `public`: anyone, signed in or not (P in the contract);
 * - `signedIn`: any signed-in caller, whatever their standing (deleting one's account, agent access);
 * - `verified`: a verified email; admission and sign-up may still be pending (GET /api/me, accepting an invitation);
 * - `signUp`: verified and let in; sign-up may be unfinished (the sign-up steps);
 * - `member`: verified, let in and signed up (K in the contract; OAuth over MCP);
 * - `staff`: a member who is staff;
 * - `internal`: never on REST or MCP; only the bus principals named in `callers` may send it.
 */
/**
 * Who may call an operation, checked by the bus server before any handler runs. `board`: the job
 * board's reads, open to everyone while the marketplace is open and, while it is invite-only, to
 * members who were let in (signed out 401, not let in 403).
 */
export type Access = 'public' | 'board' | 'signedIn' | 'verified' | 'signUp' | 'member' | 'staff' | 'internal';

/** Access that needs no caller at the door (`board` may still refuse one while invite-only). */
export function openAccess(access: Access): boolean {
  return access === 'public' || access === 'board';
}

/** An identity on the bus: a service, the gateway, or the operator command line. */
export type BusPrincipal = ServiceName | 'gateway' | 'operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FieldSource {
  /**
   * `request`: a fact the gateway reads from the HTTP request itself, never from the caller's
   * data; `name` says which (`ip`: the client address; `origin`: the Origin header, else the
   * Referer's origin). Such fields are absent from OpenAPI and MCP.
   */
  in: 'path' | 'query' | 'body' | 'request';
  /** Name on the wire when it differs from the input key (e.g. `poster_id` for posterId). */
  name?: string;
}

export interface RestBinding<K extends string> {
  method: HttpMethod;
  /** OpenAPI-style path with {param} placeholders. */
  path: string;
  status: number;
  /** Where each input field comes from; unlisted fields come from the body (query for GET). */
  fields?: Partial<Record<K, FieldSource>>;
  /** Access on REST when it differs from the operation's. */
  access?: Access;
  /**
   * A credential variant: this operation answers the method and path of another operation for
   * callers whose API key is of one of these kinds, and that other one answers everyone else.
   * The team surface's shared paths (`GET /api/jobs`, `POST /api/jobs/{id}/applications`) are
   * served this way, so neither surface hand-writes a route.
   */
  credential?: readonly CredentialKind[];
  /** The JSON body's exact text goes to the service, for a signature over its bytes; see RawBodyBinding. */
  rawBody?: RawBodyBinding<K>;
  /** The request body is bytes (a file), streamed to object storage by the gateway; see UploadBinding. */
  upload?: UploadBinding<K>;
  /** The response is bytes streamed from object storage by the gateway; see DownloadBinding. */
  download?: DownloadBinding;
  /** A public read that anonymous answers may be cached for; see PublicCache. */
  publicCache?: PublicCache;
  /**
   * Error statuses this operation answers beyond those the OpenAPI document derives from its
   * binding (a 404 with no id to name, a 409 on a read, a 403 on a public route), so the document
   * declares every status the server can answer.
   */
  statuses?: readonly ExtraStatus[];
}

/**
 * A signed inbound call (a provider's webhook): its signature covers the body's exact bytes, which
 * parsing and serialising again would change. The gateway reads the `application/json` body as
 * UTF-8 text (not UTF-8: 400; over the JSON limit: 413) and sends it unparsed in the input field
 * `field`; the service checks the signature, then parses it. `body` is what the document shows it to be.
 */
export interface RawBodyBinding<K extends string> {
  field: K;
  body: z.ZodObject;
  /** What the document says of the body beyond its schema (its signature, how it is answered). */
  description: string;
}

/** Error statuses a catalogue entry may add to the derived ones (RestBinding.statuses). */
export type ExtraStatus = 400 | 401 | 403 | 404 | 409 | 422;

/**
 * Anonymous answers of a public read are the same for everyone: the gateway keeps them in a shared
 * in-memory cache that events marked `changesPublicPages` drop (and a write through the gateway
 * drops before it returns). On the wire they are `no-store`, as every API answer is (the
 * contract), with a strong ETag (304 to If-None-Match). Signed-in answers are never cached.
 */
export interface PublicCache {
  /** How long the gateway may answer the page without asking the service. */
  sharedMaxAgeS: number;
  /**
   * What a read of the page counts for its jobs' posters, cached or not: `impression` for each job
   * of the answer's `jobs` list, `view` for the one job the answer is. The service counts its own
   * answers; the gateway reports those it answered from the cache (recordCachedAudience).
   */
  audience?: 'impression' | 'view';
}

/**
 * Bytes never cross the bus. The gateway streams the request body (one of `contentTypes`, with a
 * Content-Length of at most `maxBytes`) to object storage under a fresh staging key, then sends
 * the operation an UploadedObject ({key, size, contentType}) in the input field `field`. Over the
 * limit is 413, another type 415; the staged object is removed once the call returns.
 */
export interface UploadBinding<K extends string> {
  field: K;
  /** Media types accepted as the raw body; never a CORS-safelisted one (a cross-site form could send it). */
  contentTypes: readonly string[];
  maxBytes: number;
  /**
   * Also accept `application/json` with `{ <field>: base64 }` (older clients). The gateway decodes
   * and stages it the same way, so it stays within the JSON body limit and off the bus.
   */
  base64InJson?: boolean;
  /**
   * With an `mcp` binding too, the operation is a tool that takes `field` as a base64 string
   * argument (its name from `mcp.args`): the gateway decodes it, stages it the same way and sends
   * the UploadedObject, so bytes stay off the bus on MCP as well. This caps the decoded bytes
   * there (default `maxBytes`).
   */
  toolMaxBytes?: number;
  /**
   * The service keeps the staged object itself once the call succeeded (it records the key, or
   * removes the object when it does not need it), so bytes are not copied once more in storage.
   * The gateway still removes it when the call failed.
   */
  adopt?: boolean;
  /**
   * An internal operation (callers include the gateway) asked before one byte of the body is read:
   * it gets the other fields and `bytes` (the declared Content-Length), and its refusal (a bad
   * token, a full quota) is the answer, with nothing staged. The operation itself checks again.
   */
  precheck?: Operation;
}

/**
 * The operation answers an ObjectDownload ({key, contentType, cacheControl}) and the gateway
 * streams that object from storage. A content type outside `contentTypes` is refused rather than
 * served from our origin.
 */
export interface DownloadBinding {
  contentTypes: readonly string[];
}

export interface McpBinding<K extends string> {
  tool: string;
  description: string;
  /** Argument names when they differ from snake_case of the input key. */
  args?: Partial<Record<K, string>>;
  /** Access over MCP when it differs from the operation's (e.g. a public REST read that needs sign-in as a tool). */
  access?: Access;
  /**
   * What the tool does to the world, for an agent's host deciding what to ask its human about
   * (MCP tool annotations). Derived from the REST method unless given: GET reads, DELETE destroys,
   * GET, PUT and DELETE are idempotent. `destructive` marks a step that cannot be undone although
   * it is not a DELETE (hire, decline, close, cancel, withdraw, approve, rate); `readOnly` a POST
   * that changes nothing a person would notice (a download link).
   */
  effect?: { destructive?: true; readOnly?: true };
  /** The tool may answer its background work as an MCP task; see McpTask. Not part of the tool's definition. */
  task?: McpTask;
}

/** The background work a tool may answer as a task: each kind is read by the gateway's `mcp/mcp-tasks.ts`. */
export const MCP_TASK_WORKS = ['writing', 'recording'] as const;
export type McpTaskWork = (typeof MCP_TASK_WORKS)[number];

/**
 * A tool whose answer may show background work still under way (a draft's writing, a recording's
 * check): for a client that declares the MCP tasks extension it answers a task handle, and every
 * `tasks/*` request reads the work's record again through `poll`, as the caller.
 */
export interface McpTask {
  work: McpTaskWork;
  /** The read polled for the work's state; it takes the same `id` (the draft). The tool itself when absent. */
  poll?: Operation;
}

/** Catalogue entry: the only place an operation is declared. */
export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  service: ServiceName;
  subject: string;
  summary: string;
  access: Access;
  /** OAuth scope an MCP token needs; REST keys and sessions hold every scope. */
  scope?: Scope;
  input: I;
  output: O;
  rest?: RestBinding<Extract<keyof z.infer<I>, string>>;
  mcp?: McpBinding<Extract<keyof z.infer<I>, string>>;
  /** For `internal` operations: the principals whose bus credentials may send this request. */
  callers?: readonly BusPrincipal[];
  /**
   * How long a caller waits for the answer, when the operation may wait on a model (the text
   * safety review); others answer within the bus timeout (BUS_TIMEOUT_MS).
   */
  timeoutMs?: number;
  /**
   * A write a suspended member may still make (the appeal itself, signing out, revoking their own
   * access). Every other write by a suspended member is refused before the handler (guardStanding).
   */
  openWhileSuspended?: true;
  /**
   * Error codes this operation answers beyond those its access, binding and idempotency imply
   * (`errorCodesOf`): a refusal of its own that callers branch on.
   */
  errors?: readonly ErrorCode[];
}

/** A write changes something a person would notice; reads, and POSTs marked read-only (download links), do not. */
export function writesSomething(op: Operation): boolean {
  if (op.rest) return op.rest.method !== 'GET' && !op.mcp?.effect?.readOnly;
  return op.scope === 'agent:write';
}

/**
 * The wait of operations that ask a model before they answer: long enough for a real model's
 * review (the service gives the model at most half of it, MODEL_CHECK_SHARE), short enough that a
 * person is told "try again" rather than left waiting.
 */
export const MODEL_CHECKED_TIMEOUT_MS = 30_000;
/** The share of MODEL_CHECKED_TIMEOUT_MS a service may spend waiting on the model; the rest is its own work. */
export const MODEL_CHECK_SHARE = 0.5;

/**
 * Writes a client may retry safely: REST's POST and PATCH routes for a signed-in caller take an
 * `Idempotency-Key` header, their MCP tools an `idempotency_key` argument. The first answer is kept
 * 24 hours per member and key and replayed for a repeat of the same request.
 */
export function takesIdempotencyKey(op: Operation): boolean {
  return (op.rest?.method === 'POST' || op.rest?.method === 'PATCH') && op.access !== 'public' && !op.rest.download;
}

/** How long a first answer is kept for repeats of its idempotency key. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** What an idempotency key may be: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type InputOf<Op extends Operation> = z.output<Op['input']>;
export type OutputOf<Op extends Operation> = z.input<Op['output']>;

/** Versioned subject: `<service>.v1.<operation>`. */
export function subjectFor(service: ServiceName, operation: string): string {
  return `${service}.v1.${operation}`;
}

export function defineOperation<I extends z.ZodObject, O extends z.ZodType>(op: Omit<Operation<I, O>, 'subject'> & { subject?: string }): Operation<I, O> {
  const kebab = op.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return { ...op, subject: op.subject ?? subjectFor(op.service, kebab) };
}

/**
 * The access an operation has on one surface: REST and MCP bindings may narrow or widen it. The web
 * pages act as a signed-in browser on the API, so they have the REST binding's access.
 */
export function accessOn(op: Operation, surface: 'rest' | 'mcp' | 'web' | 'internal'): Access {
  if (surface === 'rest' || surface === 'web') return op.rest?.access ?? op.access;
  if (surface === 'mcp') return op.mcp?.access ?? op.access;
  return op.access;
}

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
