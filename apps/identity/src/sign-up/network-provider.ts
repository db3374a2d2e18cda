import { AppError } from '@marketplace/contracts';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';

import { identitySettings } from '../identity.settings.js';

/**
 * The public network profile provider, a small JSON protocol over HTTP (NETWORK_PROVIDER_URL,
 * optional NETWORK_PROVIDER_TOKEN sent as a bearer token):
 *
 *   GET {base}/search?name=<account name>
 *     200 {"profiles": [{"url", "name", "headline"?, "location"?, "photoUrl"?}]}   best match first
 *   GET {base}/profile?url=<https://{network_host}/in/{slug}>
 *     200 {"url", "name", "headline"?, "about"?, "skills"?: string[], "city"?, "state"?,
 *          "website"?, "resume"? (Markdown), "location"?, "photoUrl"?}
 *     404 when there is no such public profile
 *
 * Anything else (no provider configured, another status, a timeout, a malformed answer) is a
 * 503: the provider is a dependency and nothing is saved without it.
 */
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

const matchSchema = z.object({
  url: z.string(),
  name: z.string(),
  headline: text,
  location: text,
  photoUrl: text,
});
const searchSchema = z.object({ profiles: z.array(matchSchema) });
export const networkProfileSchema = matchSchema.extend({
  about: text,
  skills: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  city: text,
  state: text,
  website: text,
  resume: text,
});
export type NetworkMatch = z.infer<typeof matchSchema>;
export type NetworkProfile = z.infer<typeof networkProfileSchema>;

const SEARCH_TIMEOUT_MS = 15_000;
/** Imports may take up to a minute (spec). */
const PROFILE_TIMEOUT_MS = 60_000;

@Injectable()
export class NetworkProvider {
  private base(): string {
    const url = identitySettings().networkProviderUrl;
    if (!url) throw AppError.unavailable('No network profile provider is configured.');
    return url.href.replace(/\/$/, '');
  }

  async search(name: string): Promise<NetworkMatch[]> {
    const res = await this.get(`/search?name=${encodeURIComponent(name)}`, SEARCH_TIMEOUT_MS);
    if (res.status !== 200) throw unavailable();
    return parse(searchSchema, await res.json().catch(() => null)).profiles;
  }

  /** Null when the provider has no public profile at that link. */
  async profile(networkUrl: string): Promise<NetworkProfile | null> {
    const res = await this.get(`/profile?url=${encodeURIComponent(networkUrl)}`, PROFILE_TIMEOUT_MS);
    if (res.status === 404) return null;
    if (res.status !== 200) throw unavailable();
    return parse(networkProfileSchema, await res.json().catch(() => null));
  }

  private async get(path: string, timeoutMs: number): Promise<Response> {
    const token = identitySettings().networkProviderToken;
    try {
      return await fetch(`${this.base()}${path}`, {
        headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unavailable();
    }
  }
}

function unavailable(): AppError {
  return AppError.unavailable('The network profile provider is unavailable. Try again shortly.');
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw unavailable();
  return result.data;
}
