import { createServer, type Server } from 'node:http';

import { AppError } from '@marketplace/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { GetAnalyticsConfigHandler } from '../settings/analytics-config.handler.js';
import { HttpIdentityProvider } from './identity-provider.js';

/** The identity provider protocol against a real HTTP server, and the analytics settings from the environment. */

let server: Server;
let base = '';
let answer: { status: number; body: unknown } = { status: 201, body: { url: 'https://id.example/check/1' } };
const received: { auth?: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
      res.writeHead(req.url === '/checks' && req.method === 'POST' ? answer.status : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/` : '';
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['IDENTITY_PROVIDER_URL', 'IDENTITY_PROVIDER_TOKEN', 'ANALYTICS_PROJECT_TOKEN', 'ANALYTICS_HOST', 'ANALYTICS_ENVIRONMENT']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const request = { reference: 'm-1', name: 'Nia Network', email: 'nia@example.test', returnUrl: 'https://market.example/' };

async function status(p: Promise<unknown>): Promise<number | undefined> {
  return p.then(
    () => undefined,
    (err: unknown) => (err instanceof AppError ? err.status : -1),
  );
}

describe('HttpIdentityProvider', () => {
  it('opens a check with the member reference and answers where to complete it', async () => {
    process.env.IDENTITY_PROVIDER_URL = base;
    process.env.IDENTITY_PROVIDER_TOKEN = 'provider-token';
    answer = { status: 201, body: { url: 'https://id.example/check/1' } };
    await expect(new HttpIdentityProvider().start(request)).resolves.toEqual({ url: 'https://id.example/check/1' });
    expect(received.at(-1)).toEqual({ auth: 'Bearer provider-token', body: request });
  });

  it('is a 503 without a provider, on another status, or on a malformed answer', async () => {
    delete process.env.IDENTITY_PROVIDER_URL;
    expect(await status(new HttpIdentityProvider().start(request))).toBe(503);
    process.env.IDENTITY_PROVIDER_URL = base;
    answer = { status: 500, body: {} };
    expect(await status(new HttpIdentityProvider().start(request))).toBe(503);
    answer = { status: 200, body: { url: 'javascript:alert(1)' } };
    expect(await status(new HttpIdentityProvider().start(request))).toBe(503);
  });
});

describe('GetAnalyticsConfigHandler', () => {
  it('is null unless both the project token and the host are set', async () => {
    delete process.env.ANALYTICS_PROJECT_TOKEN;
    process.env.ANALYTICS_HOST = 'https://eu.analytics.example';
    expect(await new GetAnalyticsConfigHandler().handle()).toBeNull();
    process.env.ANALYTICS_PROJECT_TOKEN = 'phc_public';
    process.env.ANALYTICS_ENVIRONMENT = 'staging';
    expect(await new GetAnalyticsConfigHandler().handle()).toEqual({
      projectToken: 'phc_public',
      host: 'https://eu.analytics.example',
      environment: 'staging',
      serverHostname: expect.any(String),
    });
  });
});
