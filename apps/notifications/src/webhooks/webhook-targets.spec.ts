import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '@marketplace/service-kit';
import { checkWebhookUrl, postWebhook } from './webhook-targets.js';

describe('webhook targets', () => {
  it.each([
    'https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]/x', 'https://192.168.1.10/x',
    'http://example.com/hook', 'ftp://example.com/x', 'https://user:pw@example.com/x', 'not a url', 'http://10.0.0.1/x',
  ])('refuses %s at registration', async (url) => {
    await expect(checkWebhookUrl(url)).rejects.toMatchObject({ status: 400, extra: { fields: { url: expect.any(String) } } });
  });

  it('takes http to loopback outside production (the embedded defaults), for a local receiver', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:8080/hook')).resolves.toBe('http://127.0.0.1:8080/hook');
  });

  it('refuses at connect time a name that resolves to an address that is not public (DNS changed after registration)', async () => {
    const name = hostname();
    const { address } = await lookup(name).catch(() => ({ address: '8.8.8.8' }));
    if (isPublicAddress(address)) return; // this machine's name is public: nothing to prove here
    const outcome = await postWebhook(`https://${name}/hook`, {}, '{}');
    expect(outcome).toEqual({ statusCode: null, error: 'The endpoint host resolves to an address that is not public.' });
  });
});
