import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';

import type { paths } from './api-types.js';

export type { components, operations, paths } from './api-types.js';

export interface MarketplaceClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The deployment's public URL, e.g. https://marketplace.example (the API is under /api). */
  baseUrl: string;
  /** An API key (starts with tl_); sent as a bearer token. */
  apiKey?: string;
}

/**
 * A typed client for the marketplace's REST API: every path, parameter, body and answer is typed
 * from the OpenAPI document the gateway serves (`api-types.ts`, generated from it by `npm run build`).
 *
 * ```ts
 * const api = marketplaceClient({ baseUrl: 'http://127.0.0.1:3000', apiKey });
 * const { data, error } = await api.POST('/api/me/jobs', { body: { title, category: 'writing', constraints } });
 * ```
 */
export function marketplaceClient({ baseUrl, apiKey, headers, ...rest }: MarketplaceClientOptions): Client<paths> {
  return createFetchClient<paths>({
    baseUrl: baseUrl.replace(/\/$/, ''),
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...(headers as Record<string, string> | undefined) },
    ...rest,
  });
}
