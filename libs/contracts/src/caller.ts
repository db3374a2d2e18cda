/** How the caller reached the API; MCP callers act as the human who approved the sign-in. */
export type CallerVia = 'key' | 'session' | 'oauth';

export type Scope = 'agent:read' | 'agent:write';

/** Who is calling, resolved by the gateway and passed to the owning service on every request. */
export interface Caller {
  memberId: string;
  via: CallerVia;
  /** OAuth client id when via = oauth. */
  clientId?: string;
  scopes: string[];
  staff: boolean;
  emailVerified: boolean;
}
