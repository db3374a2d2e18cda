import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';

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
    await clientMetadataFetch(logger, {})('https://8.8.8.8:4100/agent.json', { dispatcher: guard } as RequestInit);
    expect(seen).toEqual([['https://8.8.8.8:4100/agent.json', guard]]);
  });

  it("refuses, before any request, a host the kit's outbound guard refuses: every embedded and other written form of a private address", async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      seen.push(String(url));
      return new Response('{}');
    });
    const f = clientMetadataFetch(logger, {});
    for (const host of [
      '127.0.0.1',
      '[::7f00:1]',
      '[::127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:0:a00:1]',
      '[64:ff9b::a00:1]',
      '[2002:a00:1::1]',
      '[2001:0:4136:e378:8000:63bf:f5ff:fffe]',
      '[fd00::1]',
      '[fe80::1]',
      '2130706433',
      '0x7f.1',
      'localhost',
      'metadata.internal',
    ]) {
      await expect(f(`https://${host}/agent.json`, {}), host).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    }
    expect(seen).toEqual([]);
  });

  it('reads https client ids of the one configured loopback test origin over plain http', async () => {
    const seen: unknown[] = [];
    vi.stubGlobal('fetch', async (url: URL, options: { dispatcher?: unknown }) => {
      seen.push([String(url), options.dispatcher]);
      return new Response('{}');
    });
    const f = clientMetadataFetch(logger, { OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: 'http://127.0.0.1:4100' });
    await f('https://127.0.0.1:4100/.well-known/agent.json?x=1', { dispatcher: {} } as RequestInit);
    // Another port of the same loopback address is no test origin: the guard refuses it.
    await expect(f('https://127.0.0.1:4101/agent.json', { dispatcher: 'guard' } as unknown as RequestInit)).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    await f('https://8.8.8.8/agent.json', { dispatcher: 'guard' } as unknown as RequestInit);
    expect(seen).toEqual([
      ['http://127.0.0.1:4100/.well-known/agent.json?x=1', undefined],
      ['https://8.8.8.8/agent.json', 'guard'],
    ]);
  });

  it('ignores the test origin in production and refuses anything but an http loopback origin', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (url: URL) => {
      seen.push(String(url));
      return new Response('{}');
    });
    await expect(
      clientMetadataFetch(logger, { NODE_ENV: 'production', OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: 'http://127.0.0.1:4100' })(
        'https://127.0.0.1:4100/a.json',
        {},
      ),
    ).rejects.toMatchObject({ code: 'ENOTPUBLIC' });
    expect(seen).toEqual([]);
    expect(() => clientMetadataFetch(logger, { OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: 'http://10.0.0.5:80' })).toThrow(/loopback/);
  });
});
