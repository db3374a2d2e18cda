import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import { api, createMember, launchBrowser, openAs, signIn, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { holder, newDraft, recordLink } from './support/recordings.js';

const require = createRequire(import.meta.url);

/**
 * The record page in Chromium with a fake screen, camera and microphone: it reads the token from
 * the fragment, uploads parts while recording, completes and waits for the check.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

const MEDIA_FLAGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-accept-this-tab-capture',
  '--auto-select-desktop-capture-source=Entire screen',
  '--enable-usermedia-screen-capturing',
];

describe('the record page', () => {
  it('records the screen in parts, completes the recording, and says a clean screen waits for the poster: with no model, faces and the model review were not checked', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const browser = await launchBrowser(MEDIA_FLAGS);
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(String(err)));
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
      });
      await page.goto(`${base}/record#${token}`);
      await page.locator('#start:not([disabled])').waitFor({ timeout: 15_000 });
      expect(await page.locator('#who').innerText()).toContain(member.name);
      await page.locator('#webcam').check();
      await page.locator('#start').click();
      await page.locator('#stop:not([hidden])').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(3_500);
      await page.locator('#stop').click();
      await page.locator('body[data-recording]').waitFor({ timeout: 30_000 });
      expect(await page.locator('#status').innerText()).toMatch(
        /^Not approved by itself: (sound, )?faces and people and model review were not checked\. Watch it and approve it in your draft/,
      );
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
    const draft = (await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body;
    // Chromium's fake screen is a moving test pattern: read, with nothing on it that should not be public.
    expect(draft.recording).toMatchObject({ status: 'needs_review', approved: false, webcam: true, analyzed: false, findings: [] });
    expect(draft.recording.checks.filter((c: { state: string }) => c.state === 'not_checked').map((c: { part: string }) => c.part)).toEqual(
      expect.arrayContaining(['faces', 'model_review']),
    );
    expect(draft.recording.parts).toBeGreaterThanOrEqual(2);
    expect(draft.recording.bytes).toBeGreaterThan(1000);
    expect(draft.recording.seconds).toBeGreaterThan(3);
  });

  it('a screen showing an AWS key is found, and the poster sees the finding and cannot approve it', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    // The DejaVu font from npm, so the key is drawn in real letters on any machine, fonts installed or not.
    const font = (await readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'))).toString('base64');
    const browser = await launchBrowser(MEDIA_FLAGS);
    try {
      const page = await browser.newPage();
      // The shared screen is a canvas showing a terminal with a key on it.
      await page.addInitScript((fontBase64: string) => {
        const bytes = Uint8Array.from(atob(fontBase64), (c) => c.charCodeAt(0));
        const face = new FontFace('TestMono', bytes.buffer);
        document.fonts.add(face);
        const canvas = document.createElement('canvas');
        canvas.width = 1280;
        canvas.height = 720;
        const ctx = canvas.getContext('2d')!;
        let frame = 0;
        const draw = () => {
          ctx.fillStyle = '#1e1e1e';
          ctx.fillRect(0, 0, 1280, 720);
          ctx.fillStyle = '#ffffff';
          ctx.font = '30px TestMono';
          ctx.fillText('$ cat ~/.aws/credentials', 50, 90);
          ctx.fillText('aws_access_key_id = AKIAIOSFODNN7EXAMPLE', 50, 150);
          ctx.fillRect(50 + (frame++ % 20) * 10, 200, 14, 28);
        };
        void face.load().then(draw);
        setInterval(draw, 100);
        navigator.mediaDevices.getDisplayMedia = async () => canvas.captureStream(10);
      }, font);
      await page.goto(`${base}/record#${token}`);
      await page.locator('#start:not([disabled])').waitFor({ timeout: 15_000 });
      await page.locator('#start').click();
      await page.locator('#stop:not([hidden])').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(3_500);
      await page.locator('#stop').click();
      await page.locator('body[data-recording]').waitFor({ timeout: 60_000 });
    } finally {
      await browser.close();
    }
    const recording = await until(
      async () => {
        const r = (await api(base, `/api/me/job-drafts/${draftId}`, { key: member.key })).body.recording;
        return r && r.status !== 'uploading' && r.status !== 'analyzing' ? r : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the recording check' },
    );
    expect(recording).toMatchObject({ status: 'needs_review', analyzed: false, approved: false });
    expect(recording.findings.find((f: { kind: string }) => f.kind === 'secret')?.description, JSON.stringify(recording)).toMatch(
      /AWS access key \(AKIA\*+MPLE\)/,
    );
    expect((await holder(token, `/api/recordings/${recording.id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true })).status).toBe(400);

    // The poster's draft page shows the finding and offers only deleting it.
    const session = (await signIn(base, mailDir, { email: member.email })).token;
    const posterBrowser = await launchBrowser();
    try {
      const { page, problems } = await openAs(posterBrowser, base, session, `/drafts/${draftId}`);
      const section = page.locator('#draft-recording');
      await section.getByText('What should not be public').waitFor();
      expect(await section.innerText()).toMatch(/secret: On screen at 0:0\d: AWS access key \(AKIA\*+MPLE\)/);
      expect(await section.innerText()).toMatch(/A credential shows on screen: delete this recording and record again/);
      expect(await section.getByRole('button', { name: 'Approve the recording' }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await posterBrowser.close();
    }
  }, 180_000);

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
