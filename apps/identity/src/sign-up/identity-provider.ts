import { AppError } from '@marketplace/contracts';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';

import { identitySettings } from '../identity.settings.js';

/** What a provider needs to open a check, and what it answers. */
export interface IdentityCheckRequest {
  /** Our member id: the provider quotes it when it reports the outcome. */
  reference: string;
  name: string;
  email: string;
  /** Where the provider sends the member back when they are done. */
  returnUrl: string;
}

export interface IdentityVerificationProvider {
  /** Opens a check and answers where the member completes it; a 503 AppError when it cannot. */
  start(request: IdentityCheckRequest): Promise<{ url: string }>;
}

const sessionSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

const START_TIMEOUT_MS = 15_000;

/**
 * The identity verification provider, a small JSON protocol over HTTP (IDENTITY_PROVIDER_URL,
 * optional IDENTITY_PROVIDER_TOKEN sent as a bearer token):
 *
 *   POST {base}/checks  {"reference", "name", "email", "returnUrl"}
 *     200 or 201 {"url"}: where the member completes the check
 *
 * The outcome comes back signed to the provider webhook (receiveIdentityProviderEvent), which records
 * it through the operator's identity-check handler (operatorRecordIdentityCheck). Anything else (no provider configured, another
 * status, a timeout, a malformed answer) is a 503 and nothing changes for the member.
 */
@Injectable()
export class HttpIdentityProvider implements IdentityVerificationProvider {
  async start(request: IdentityCheckRequest): Promise<{ url: string }> {
    const base = identitySettings().identityProviderUrl?.href.replace(/\/$/, '');
    if (!base) throw AppError.unavailable('No identity verification provider is configured.');
    const token = identitySettings().identityProviderToken;
    const res = await fetch(`${base}/checks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(START_TIMEOUT_MS),
    }).catch(() => null);
    if (!res || (res.status !== 200 && res.status !== 201)) throw unavailable();
    const parsed = sessionSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }
}

function unavailable(): AppError {
  return AppError.unavailable('The identity verification provider did not answer. Try again later.');
}
