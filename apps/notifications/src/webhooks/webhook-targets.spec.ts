import { describe, expect, it } from 'vitest';

import { checkWebhookUrl } from './webhook-targets.js';

describe('webhook targets', () => {
  it.each([
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00::1]/x',
    'https://192.168.1.10/x',
    'http://example.com/hook',
    'ftp://example.com/x',
    'https://user:pw@example.com/x',
    'not a url',
    'http://10.0.0.1/x',
  ])('refuses %s at registration', async (url) => {
    await expect(checkWebhookUrl(url)).rejects.toMatchObject({ status: 400, extra: { fields: { url: expect.any(String) } } });
  });

  it('takes http to loopback outside production (the embedded defaults), for a local receiver', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:8080/hook')).resolves.toBe('http://127.0.0.1:8080/hook');
  });
  // A name re-pointed inward between registration and delivery: webhooks.e2e.ts, with a DNS server the test re-points.
});
