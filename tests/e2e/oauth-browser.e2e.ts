import { randomUUID } from 'node:crypto';

import { createMember, launchBrowser, mcp, pkcePair, registerAgent, signInLink, toolResult, waitForMail } from '@marketplace/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const REDIRECT = 'http://127.0.0.1:8976/callback';

describe('connecting an agent in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a signed-out human signs in, comes back to the consent page, approves, and the agent gets its code', async () => {
    const member = await createMember(nats, { name: `Browser Human ${randomUUID().slice(0, 4)}` });
    const client = await registerAgent(base, { client_name: 'Browser agent' });
    const { verifier, challenge } = pkcePair();
    const state = randomUUID();
    const authorize = new URL(`${base}/api/auth/oauth2/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: 'offline_access agent:read agent:write',
      prompt: 'consent',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      resource: `${base}/api/mcp`,
    }).toString();

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    let returned: URL | undefined;
    // The agent's loopback listener: the browser's last stop, reached by a redirect. Playwright does
    // not route a request that a redirect made, so the test reads the request itself (nothing listens).
    page.on('request', (request) => {
      if (request.url().startsWith(REDIRECT)) returned = new URL(request.url());
    });

    await page.goto(authorize.toString());
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForURL(`${base}/sign-in/check-email`);
    await page.goto(signInLink(await waitForMail(mailDir, member.email)));
    await page.getByRole('button', { name: 'Continue signing in' }).click();
    await page.waitForURL(/\/api\/auth\/oauth2\/interaction\//);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Connect Browser agent to your account?');
    expect(await page.locator('#redirect-host').textContent()).toBe('127.0.0.1:8976');
    expect(await page.locator('#member-name').textContent()).toBe(member.name);
    expect(await page.locator('#scopes li').evaluateAll((items) => items.map((i) => i.getAttribute('data-scope')))).toEqual([
      'offline_access',
      'agent:read',
      'agent:write',
    ]);
    // Keyboard users reach Approve first.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => returned?.searchParams.get('code') ?? null, { timeout: 10_000 }).not.toBeNull();
    expect(returned!.searchParams.get('state')).toBe(state);
    expect(problems).toEqual([]);

    const token = await fetch(`${base}/api/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: returned!.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: client.client_id,
      }),
    });
    const tokens = (await token.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toBeTruthy();
    const posted = await mcp(
      base,
      'tools/call',
      {
        name: 'post_job',
        arguments: { title: 'Posted after browser consent', category: 'writing', constraints: 'Write it.' },
      },
      tokens.access_token,
    );
    expect(toolResult(posted).postedBy.id).toBe(member.id);

    // The human sees the agent on Agent access and disconnects it there: its token stops working.
    // The redirect to the agent's loopback address (nothing listens) ends on Chromium's error page,
    // which would interrupt a navigation started now: let it land first.
    await page.waitForURL((url) => !url.href.startsWith(base), { timeout: 10_000 }).catch(() => undefined);
    await page.waitForLoadState('load').catch(() => undefined);
    await page.goto(`${base}/agent-access`);
    const row = page.locator('#agents tr', { hasText: 'Browser agent' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('td').nth(1).textContent()).toBe('127.0.0.1:8976');
    await page.getByRole('button', { name: 'Disconnect Browser agent' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('Disconnected Browser agent');
    // The status shows first; the list reloads after it.
    await expect.poll(() => page.locator('#no-agents').isVisible()).toBe(true);
    const after = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token);
    expect(after.status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  });
});
