import { describe, expect, inject, it } from 'vitest';
import { api, createMember, launchBrowser } from '@marketplace/testing';
import { newDraft, recordLink } from './support/recordings.js';

/**
 * The record page in Chromium with a fake screen, camera and microphone: it reads the token from
 * the fragment, uploads parts while recording, completes and waits for the check.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

const MEDIA_FLAGS = [
  '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--auto-accept-this-tab-capture',
  '--auto-select-desktop-capture-source=Entire screen', '--enable-usermedia-screen-capturing',
];

describe('the record page', () => {
  it('records the screen in parts and completes the recording', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const browser = await launchBrowser(MEDIA_FLAGS);
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(String(err)));
      page.on('console', (msg) => { if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text()); });
      await page.goto(`${base}/record#${token}`);
      await page.locator('#start:not([disabled])').waitFor({ timeout: 15_000 });
      expect(await page.locator('#who').innerText()).toContain(member.name);
      await page.locator('#webcam').check();
      await page.locator('#start').click();
      await page.locator('#stop:not([hidden])').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(3_500);
      await page.locator('#stop').click();
      await page.locator('body[data-recording]').waitFor({ timeout: 30_000 });
      expect(await page.locator('#status').innerText()).toMatch(/review it in your draft/);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
    const draft = (await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body;
    expect(draft.recording).toMatchObject({ status: 'needs_review', webcam: true, analyzed: false });
    expect(draft.recording.parts).toBeGreaterThanOrEqual(2);
    expect(draft.recording.bytes).toBeGreaterThan(1000);
    expect(draft.recording.seconds).toBeGreaterThan(3);
  });

  it('says so when the link is missing or no longer valid', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/record#not-a-token`);
      await expect.poll(() => page.locator('#status').innerText()).toMatch(/invalid, expired or replaced/);
      expect(await page.locator('#start').isDisabled()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
