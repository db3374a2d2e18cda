/** How the caller reached the API; MCP callers act as the human who approved the sign-in. */
export type CallerVia = 'key' | 'session' | 'oauth';

/** The kind of API key: member keys (absent), or keys made for the team surface. */
export type CredentialKind = 'team' | 'candidate';

export type Scope = 'agent:read' | 'agent:write';

/** Who is calling, resolved by the gateway and passed to the owning service on every request. */
export interface Caller {
  memberId: string;
  via: CallerVia;
  /** With an API key made for the team surface: which kind (team keys are made under company settings). */
  credential?: CredentialKind;
  /** OAuth client id when via = oauth. */
  clientId?: string;
  scopes: string[];
  staff: boolean;
  emailVerified: boolean;
  /**
   * Sign-up is unfinished while identity verification is enabled: every member route other than
   * the sign-up steps answers 403 `Finish signing up first.` (checked by the services' member guard).
   * Resolved by the identity service with the caller; absent means finished.
   */
  signUpPending?: boolean;
  /** Let in while the service is invite-only (true whenever it is not). Absent means let in. */
  admitted?: boolean;
  /**
   * The reason staff gave when they suspended the member; absent while in good standing. A
   * suspended member may still read and appeal, but every other write is refused (guardStanding).
   */
  suspended?: string;
}
