import { AppError } from '@marketplace/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { NetworkProvider } from './network-provider.js';

describe('NetworkProvider', () => {
  const saved = process.env.NETWORK_PROVIDER_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.NETWORK_PROVIDER_URL;
    else process.env.NETWORK_PROVIDER_URL = saved;
  });

  it('answers 503 when no provider is configured', async () => {
    delete process.env.NETWORK_PROVIDER_URL;
    const provider = new NetworkProvider();
    await expect(provider.search('Ann')).rejects.toMatchObject({ status: 503, message: 'No network profile provider is configured.' });
    await expect(provider.profile('https://network.example/in/ann')).rejects.toBeInstanceOf(AppError);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    process.env.NETWORK_PROVIDER_URL = 'http://127.0.0.1:9';
    await expect(new NetworkProvider().search('Ann')).rejects.toMatchObject({ status: 503 });
  });
});
