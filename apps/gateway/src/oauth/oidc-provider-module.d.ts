// oidc-provider ships no type declarations; this covers only what the gateway uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, string | undefined>;
    session?: { accountId?: string };
    lastSubmission?: Record<string, unknown>;
  }

  export interface ClientRecord {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
    applicationType?: string;
    metadata(): Record<string, unknown>;
  }

  export class GrantModel {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: any[]) => void): this;
    Grant: typeof GrantModel;
    Client: { find(id: string): Promise<ClientRecord | undefined> };
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidGrant: new (detail?: string) => Error;
    OIDCProviderError: new (status: number, message: string) => Error;
  };
}
