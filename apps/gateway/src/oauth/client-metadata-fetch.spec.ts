import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { clientMetadataFetch } from './client-metadata-fetch.js';

const logger = pino({ level: 'silent' });

describe('client metadata fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the SSRF guard (the dispatcher oidc-provider passes) for every ordinary URL', async () => {
    const seen: unknown[] = [];
    vi.stubGlobal('fetch', async (url: URL, options: { dispatcher?: unknown }) => {
      seen.push([String(url), options.dispatcher]);
      return new Response('{}');
    });
    const guard = { guard: true };
    await clientMetadataFetch(logger, {})('https://127.0.0.1:4100/agent.json', { dispatcher: guard } as RequestInit);
    expect(seen).toEqual([['https://127.0.0.1:4100/agent.json', guard]]);
  });

  it('reads https client ids of the one configured loopback test origin over plain http', async () => {
    const seen: unknown[] = [];
    vi.stubGlobal('fetch', async (url: URL, options: { dispatcher?: unknown }) => {
      seen.push([String(url), options.dispatcher]);
      return new Response('{}');
    });
    const f = clientMetadataFetch(logger, { OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: 'http://127.0.0.1:4100' });
    await f('https://127.0.0.1:4100/.well-known/agent.json?x=1', { dispatcher: {} } as RequestInit);
    await f('https://127.0.0.1:4101/agent.json', { dispatcher: 'guard' } as unknown as RequestInit);
    expect(seen).toEqual([['http://127.0.0.1:4100/.well-known/agent.json?x=1', undefined], ['https://127.0.0.1:4101/agent.json', 'guard']]);
  });

  it('ignores the test origin in production and refuses anything but an http loopback origin', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => { seen.push(String(url)); return new Response('{}'); });
    await clientMetadataFetch(logger, { NODE_ENV: 'production', OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: 'http://127.0.0.1:4100' })(
      'https://127.0.0.1:4100/a.json', {});
    expect(seen).toEqual(['https://127.0.0.1:4100/a.json']);
    expect(() => clientMetadataFetch(logger, { OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: 'http://10.0.0.5:80' })).toThrow(/loopback/);
  });
});
