import { AppError } from '@marketplace/contracts';
import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';

import { signInConfig } from './sign-in.config.js';

/** The configured OpenID Connect provider; discovered on first use and remembered. */
@Injectable()
export class OidcClient {
  private config: Promise<oidc.Configuration> | undefined;

  get configured(): boolean {
    return signInConfig().oidc !== undefined;
  }

  get issuer(): string {
    return signInConfig().oidc?.issuer ?? '';
  }

  get redirectUri(): string {
    return `${signInConfig().publicOrigin}/api/auth/callback/oidc`;
  }

  async configuration(): Promise<oidc.Configuration> {
    const settings = signInConfig().oidc;
    if (!settings) throw AppError.notFound('Federated sign-in is not configured.');
    this.config ??= (async () => {
      const issuer = new URL(settings.issuer);
      // Plain http only for a provider on this machine (development and tests).
      const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      return oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret || undefined,
        undefined,
        local ? { execute: [oidc.allowInsecureRequests], timeout: 5 } : { timeout: 5 },
      );
    })();
    try {
      return await this.config;
    } catch {
      // Forget the failure so the next sign-in tries the provider again.
      this.config = undefined;
      throw AppError.unavailable('The sign-in provider is unavailable. Try again shortly.');
    }
  }
}
