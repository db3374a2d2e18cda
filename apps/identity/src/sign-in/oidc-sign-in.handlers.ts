import { completeOidcSignIn, type InputOf, type OutputOf, startOidcSignIn } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { DataSource } from 'typeorm';

import { hashSecret } from '../sessions/secret-token.js';
import { SessionStore } from '../sessions/session-store.js';
import { trustedCallback, withError } from './callback-url.js';
import { MemberSignIn } from './member-sign-in.js';
import { OidcClient } from './oidc-client.js';
import { insertOidcRequest, linkedMember, linkIdentity, takeOidcRequest } from './sign-in.queries.js';
import { DEFAULT_CALLBACK, DEFAULT_ERROR_CALLBACK } from './verify-magic-link.handler.js';

const REQUEST_MINUTES = 10;

@Injectable()
export class StartOidcSignInHandler implements OperationHandler<typeof startOidcSignIn> {
  readonly operation = startOidcSignIn;

  constructor(
    private readonly ds: DataSource,
    private readonly client: OidcClient,
  ) {}

  async handle(input: InputOf<typeof startOidcSignIn>): Promise<OutputOf<typeof startOidcSignIn>> {
    const config = await this.client.configuration();
    const callbackUrl = trustedCallback(input.callbackURL, 'callbackURL');
    const newUserCallbackUrl = trustedCallback(input.newUserCallbackURL, 'newUserCallbackURL');
    const errorCallbackUrl = trustedCallback(input.errorCallbackURL, 'errorCallbackURL');
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await insertOidcRequest(this.ds, {
      stateHash: hashSecret(state),
      codeVerifier,
      nonce,
      callbackUrl: callbackUrl ?? null,
      newUserCallbackUrl: newUserCallbackUrl ?? null,
      errorCallbackUrl: errorCallbackUrl ?? null,
      minutes: REQUEST_MINUTES,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.client.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { authorizationUrl: url.href, state };
  }
}

@Injectable()
export class CompleteOidcSignInHandler implements OperationHandler<typeof completeOidcSignIn> {
  readonly operation = completeOidcSignIn;

  constructor(
    private readonly ds: DataSource,
    private readonly client: OidcClient,
    private readonly members: MemberSignIn,
    private readonly sessions: SessionStore,
  ) {}

  async handle(input: InputOf<typeof completeOidcSignIn>): Promise<OutputOf<typeof completeOidcSignIn>> {
    const config = await this.client.configuration();
    const current = new URL(input.callbackUrl);
    const state = current.searchParams.get('state') ?? '';
    const fail = (error: string, target: string | null = null) => ({
      ok: false as const,
      error,
      redirectTo: withError(target ?? DEFAULT_ERROR_CALLBACK, error),
    });
    // The state must be the one this browser started with (cookie), so nobody can sign a victim in.
    if (!state || state !== input.browserState) return fail('STATE_MISMATCH');
    const request = await takeOidcRequest(this.ds, hashSecret(state));
    if (!request) return fail('STATE_MISMATCH');
    if (current.searchParams.has('error')) return fail('ACCESS_DENIED', request.error_callback_url);

    let claims: Record<string, unknown> & { sub: string };
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: request.code_verifier,
        expectedState: state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) return fail('PROVIDER_ERROR', request.error_callback_url);
      claims = { ...idToken };
      // Many providers put scope claims (email, name) in userinfo rather than the ID token.
      if (claims.email === undefined) {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
      }
    } catch {
      return fail('PROVIDER_ERROR', request.error_callback_url);
    }
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;

    let memberId = await linkedMember(this.ds, this.client.issuer, claims.sub);
    let newUser = false;
    if (!memberId) {
      // Accounts are linked by email only when the provider vouches for the address.
      if (!email || claims.email_verified !== true) return fail('EMAIL_NOT_VERIFIED', request.error_callback_url);
      const name = typeof claims.name === 'string' ? claims.name : null;
      ({ memberId, newUser } = await this.members.verifiedMember(email, name));
      await linkIdentity(this.ds, this.client.issuer, claims.sub, memberId);
    }
    const session = await this.sessions.start(memberId, input.userAgent);
    const redirectTo = (newUser ? request.new_user_callback_url : null) ?? request.callback_url ?? DEFAULT_CALLBACK;
    return { ok: true, sessionToken: session.token, expiresAt: session.expiresAt.toISOString(), memberId, newUser, redirectTo };
  }
}
