import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { makeScreenRecording, type ScreenRecordingSpec } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { JobDraftEntity } from '../drafts/draft.entity.js';
import type { RecordingEntity } from './recording.entity.js';
import { analyzeRecording } from './recording-analysis.js';

/**
 * The check reads real recordings, made with ffmpeg, with no model configured: what is drawn on
 * screen is read with OCR and each credential, card number or personal detail is a finding at the
 * second it first shows.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recording-analysis-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const draft = { answers: { problem: 'The export stops with a timeout.' }, posting: null } as unknown as JobDraftEntity;

async function check(spec: ScreenRecordingSpec, name: string) {
  const file = join(dir, name);
  await writeFile(file, await makeScreenRecording(spec));
  const rec = { id: name, seconds: spec.seconds, webcam: false, parts: [] } as unknown as RecordingEntity;
  return analyzeRecording(rec, draft, file, null, AbortSignal.timeout(120_000));
}

describe('the recording check without a model', () => {
  it('finds a key shown in a terminal at the second it appears, masked, and says what was on screen', async () => {
    const { result, usage } = await check(
      {
        seconds: 12,
        lines: [{ text: '$ aws configure list' }, { text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE', from: 5, to: 9 }],
      },
      'key.webm',
    );
    expect(usage).toBeNull();
    // The screen was read; the rest of the check needs a model, so it is not analyzed as a whole.
    expect(result.analyzed).toBe(false);
    expect(result.checks[0]).toEqual({ part: 'screen_text', state: 'found', note: null });
    const secrets = result.findings.filter((f) => f.kind === 'secret');
    expect(secrets.map((f) => f.atSeconds)).toContain(5);
    const aws = secrets.find((f) => /AWS access key/.test(f.description))!;
    expect(aws.atSeconds).toBe(5);
    expect(aws.description).toMatch(/^On screen at 0:05: AWS access key \(AKIA\*+MPLE\)\.$/);
    expect(JSON.stringify(result)).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(result.summary).toMatch(/0:00–0:05 a terminal showing "\$ aws configure list"/);
    expect(result.summary).toMatch(/0:05–0:09 a terminal showing .*AWS access key/);
  }, 120_000);

  it('finds a private key header, a card number and a home folder on a light page in MP4', async () => {
    const { result } = await check(
      {
        seconds: 10,
        format: 'mp4',
        theme: 'page',
        lines: [
          { text: 'Settings > Billing' },
          { text: '-----BEGIN RSA PRIVATE KEY-----', from: 2, to: 4 },
          { text: 'Card: 4242 4242 4242 4242', from: 6 },
          { text: 'Saved to /home/jsmith/exports', from: 7 },
        ],
      },
      'page.mp4',
    );
    expect(result.analyzed).toBe(false);
    const at = (kind: string, label: RegExp) => result.findings.find((f) => f.kind === kind && label.test(f.description))?.atSeconds;
    expect(at('secret', /private key/)).toBe(2);
    expect(at('financial', /payment card number/)).toBe(6);
    expect(at('internal', /internal file path/)).toBe(7);
    expect(JSON.stringify(result.findings)).not.toContain('4242 4242 4242 4242');
  }, 120_000);

  it("finds nothing on a harmless recording, and says the sound, faces and a model's review were not checked", async () => {
    const { result } = await check(
      { seconds: 8, tone: true, lines: [{ text: '$ npm run export' }, { text: 'Error: export timed out after 30s', from: 3 }] },
      'clean.webm',
    );
    expect(result).toMatchObject({ analyzed: false, findings: [], transcript: null, moments: [] });
    expect(result.checks.map((c) => `${c.part}:${c.state}`)).toEqual([
      'screen_text:done',
      'sound:not_checked',
      'faces:not_checked',
      'model_review:not_checked',
    ]);
    expect(result.checks[1]!.note).toBe('no speech-to-text model is configured');
    expect(result.summary).toMatch(/export timed out/);
  }, 120_000);

  it('says what it could not decode, and that nothing was read', async () => {
    const file = join(dir, 'noise.webm');
    await writeFile(file, Buffer.alloc(50_000, 7));
    const rec = { id: 'noise', seconds: 42, webcam: true, parts: [] } as unknown as RecordingEntity;
    const { result } = await analyzeRecording(rec, draft, file, null, AbortSignal.timeout(60_000));
    expect(result).toMatchObject({ analyzed: false, findings: [] });
    expect(result.checks.every((c) => c.state === 'not_checked' && /^the recording could not be decoded: /.test(c.note ?? ''))).toBe(true);
    expect(result.summary).toMatch(/^A 42-second screen recording with webcam that could not be decoded \(.+\)/);
  }, 60_000);
});
