import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { api, createMember, makeScreenRecording, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { E2E_ENV } from './global-setup.js';
import { mcpToken } from './support/mcp-token.js';
import { harmlessRecording, holder, newDraft, recordLink, recordOne } from './support/recordings.js';

/**
 * The walkthrough check looks at the recording, with no model configured: real screen recordings
 * made with ffmpeg go through the record link's API in parts, the drafts worker decodes them, reads
 * each changed frame with OCR and runs the product's detectors over the text. A credential on
 * screen refuses approval. Without a model nothing hears the sound or looks for faces, so each
 * part of the check says whether it was done, and a clean screen is not approved by itself: the
 * poster approves it acknowledging what was not checked.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

async function recorded(video: Buffer, seconds: number, contentType?: string) {
  const member = await createMember(nats);
  const draftId = await newDraft(member);
  const { token } = await recordLink(member, draftId);
  const id = await recordOne(token, video, { seconds, partBytes: 48 * 1024, ...(contentType ? { contentType } : {}) });
  const rec = await holder(token, `/api/recordings/${id}`);
  expect(rec.status, JSON.stringify(rec.body)).toBe(200);
  return { member, draftId, token, id, rec: rec.body };
}

describe('the walkthrough check reads the screen', () => {
  it('finds an AWS key shown in a terminal from 0:05 to 0:09, and refuses to approve it even acknowledged, on REST and MCP', async () => {
    const video = await makeScreenRecording({
      seconds: 12,
      lines: [{ text: '$ aws configure list' }, { text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE', from: 5, to: 9 }],
    });
    const { member, draftId, token, id, rec } = await recorded(video, 12);
    expect(rec).toMatchObject({ status: 'needs_review', analyzed: false, approved: false });
    expect(rec.checks[0]).toEqual({ part: 'screen_text', state: 'found', note: null });
    const secret = rec.findings.find((f: { kind: string; description: string }) => f.kind === 'secret' && /AWS access key/.test(f.description));
    expect(secret, JSON.stringify(rec.findings)).toMatchObject({ atSeconds: 5 });
    expect(secret.description).toMatch(/AKIA\*+MPLE/);
    expect(JSON.stringify(rec)).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(rec.summary).toMatch(/0:05–0:09 a terminal showing/);

    const refused = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/credential/i);
    const viaMcp = toolOutcome(
      await mcp(
        base,
        'tools/call',
        {
          name: 'review_job_recording',
          arguments: { draft_id: draftId, action: 'approve', acknowledge_findings: true },
        },
        await mcpToken(member),
      ),
    );
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.error).toMatch(/credential/i);
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toMatchObject({ id, approved: false, status: 'needs_review' });
  }, 180_000);

  it('finds a private key header and a card number in an MP4 recording of a web page, each at its second', async () => {
    const video = await makeScreenRecording({
      seconds: 10,
      format: 'mp4',
      theme: 'page',
      lines: [{ text: 'Settings > Billing' }, { text: '-----BEGIN RSA PRIVATE KEY-----', from: 2, to: 4 }, { text: 'Card: 4242 4242 4242 4242', from: 6 }],
    });
    const { member, draftId, rec } = await recorded(video, 10, 'video/mp4');
    expect(rec).toMatchObject({ status: 'needs_review', analyzed: false });
    const at = (kind: string, label: RegExp) =>
      rec.findings.find((f: { kind: string; description: string }) => f.kind === kind && label.test(f.description))?.atSeconds;
    expect(at('secret', /private key/), JSON.stringify(rec.findings)).toBe(2);
    expect(at('financial', /payment card number/), JSON.stringify(rec.findings)).toBe(6);
    expect(JSON.stringify(rec)).not.toContain('4242 4242 4242 4242');
    // The joined video is kept as what it is.
    const watched = await fetch(`${base}/api/me/job-drafts/${draftId}/recording/video`, { headers: { authorization: `Bearer ${member.key}` } });
    expect(watched.status).toBe(200);
    expect(watched.headers.get('content-type')).toMatch(/video\/mp4/);
    expect(Buffer.from(await watched.arrayBuffer()).equals(video)).toBe(true);
  }, 180_000);

  it('needs the findings acknowledged when nothing is a credential', async () => {
    const video = await makeScreenRecording({ seconds: 6, lines: [{ text: 'Paid with 5555 5555 5555 4444', from: 1 }] });
    const { token, id, rec } = await recorded(video, 6);
    expect(rec.findings.map((f: { kind: string }) => f.kind)).toEqual(['financial']);
    const unacknowledged = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve' });
    expect(unacknowledged.status).toBe(400);
    expect(unacknowledged.body.fields.acknowledgeFindings).toBeDefined();
    const approved = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approved: true, acknowledged: ['screen_text', 'faces', 'model_review'] });
  }, 180_000);

  it('does not approve a clean recording with sound by itself: sound, faces and model review read not checked, and approving acknowledges them on REST and MCP', async () => {
    const video = await makeScreenRecording({
      seconds: 5,
      tone: true,
      lines: [{ text: '$ npm run export' }, { text: 'Error: export timed out after 30s', from: 2 }],
    });
    const { member, draftId, token, id, rec } = await recorded(video, 5);
    expect(rec).toMatchObject({ id, status: 'needs_review', approved: false, analyzed: false, findings: [], acknowledged: [] });
    expect(rec.checks).toEqual([
      { part: 'screen_text', state: 'done', note: null },
      { part: 'sound', state: 'not_checked', note: expect.stringMatching(/no speech-to-text model is configured/) },
      { part: 'faces', state: 'not_checked', note: expect.stringMatching(/no face detection/) },
      { part: 'model_review', state: 'not_checked', note: expect.stringMatching(/no model is configured/) },
    ]);
    expect(rec.summary).toMatch(/export timed out/);

    // Unacknowledged, approval is refused on every surface, naming what was not checked.
    const refused = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Not checked: sound \(.*speech-to-text.*\); faces and people \(.*\); model review \(.*\)\. Watch the recording/);
    expect(refused.body.fields.acknowledgeFindings).toBe('Must be true to approve: sound, faces and people and model review not checked.');
    const agent = await mcpToken(member);
    const review = (args: Record<string, unknown>) =>
      mcp(base, 'tools/call', { name: 'review_job_recording', arguments: { draft_id: draftId, action: 'approve', ...args } }, agent);
    const viaMcp = toolOutcome(await review({}));
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.error).toMatch(/^Not checked: sound .*faces and people .*model review/);
    const checked = toolOutcome(await mcp(base, 'tools/call', { name: 'get_job_recording', arguments: { draft_id: draftId } }, agent));
    expect(checked).toMatchObject({ id, status: 'needs_review', analyzed: false });
    expect(checked.checks.map((c: { state: string }) => c.state)).toEqual(['done', 'not_checked', 'not_checked', 'not_checked']);
    expect((await call(member, `/api/me/job-drafts/${draftId}/recording/review`, 'POST', { action: 'approve' })).status).toBe(400);

    // Acknowledged, it is approved, and the approval keeps what it acknowledged.
    const approved = toolOutcome(await review({ acknowledge_findings: true }));
    expect(approved).toMatchObject({ id, status: 'approved', approved: true, acknowledged: ['sound', 'faces', 'model_review'] });
    const viaRest = await call(member, `/api/me/job-drafts/${draftId}/recording/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(viaRest.status, JSON.stringify(viaRest.body)).toBe(200);
    expect(viaRest.body).toMatchObject({ status: 'approved', approved: true, acknowledged: ['sound', 'faces', 'model_review'] });
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toMatchObject({
      id,
      approved: true,
      acknowledged: ['sound', 'faces', 'model_review'],
    });
  }, 180_000);

  it('hears no sound where there is no sound track, still waits for the poster without a model, and says what was on screen', async () => {
    const video = await harmlessRecording();
    const { member, draftId, token, id, rec } = await recorded(video, 5);
    expect(rec).toMatchObject({ id, status: 'needs_review', approved: false, analyzed: false, findings: [] });
    expect(rec.checks.map((c: { part: string; state: string }) => `${c.part}:${c.state}`)).toEqual([
      'screen_text:done',
      'sound:done',
      'faces:not_checked',
      'model_review:not_checked',
    ]);
    expect(rec.checks[1].note).toBe('the recording has no sound track');
    const approved = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(approved.body).toMatchObject({ status: 'approved', acknowledged: ['faces', 'model_review'] });
    expect(rec.summary).toMatch(/0:00–0:0\d a terminal showing "\$ npm run export"/);
    expect(rec.summary).toMatch(/export timed out/);
    const watched = await fetch(`${base}/api/me/job-drafts/${draftId}/recording/video`, { headers: { authorization: `Bearer ${member.key}` } });
    expect(watched.headers.get('content-type')).toMatch(/video\/webm/);
    expect(Buffer.from(await watched.arrayBuffer()).equals(video)).toBe(true);
  }, 180_000);

  it('never hands ffmpeg a playlist or a concat script: one naming a local recording with a key is not decoded, and nothing of that file is read', async () => {
    // A real recording with a key on screen, where the drafts worker could open it: had ffmpeg
    // followed the playlist (its HLS demuxer reads local .mp4 segments), the key would be a finding.
    const dir = await mkdtemp(join(tmpdir(), 'recording-local-'));
    try {
      const local = join(dir, 'local.mp4');
      await writeFile(local, await makeScreenRecording({ seconds: 4, format: 'mp4', lines: [{ text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE' }] }));
      const uploads = {
        hls: `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\n${local}\n#EXTINF:4.0,\nfile://${local}\n#EXT-X-ENDLIST\n`,
        concat: `ffconcat version 1.0\nfile '${local}'\nfile 'file:${local}'\n`,
      };
      for (const [name, text] of Object.entries(uploads)) {
        const { rec } = await recorded(Buffer.from(text), 8);
        expect(rec, name).toMatchObject({ status: 'needs_review', approved: false, analyzed: false, findings: [], moments: [] });
        expect(
          rec.checks.map((c: { state: string }) => c.state),
          name,
        ).toEqual(['not_checked', 'not_checked', 'not_checked', 'not_checked']);
        expect(rec.checks[0].note, name).toMatch(/^the recording could not be decoded: /);
        expect(rec.summary, name).toMatch(/could not be decoded \(the recording is neither WebM nor MP4; it was not decoded\)/);
        expect(JSON.stringify(rec), name).not.toMatch(/AKIA|access key/i);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses a recording larger than 4K before reading a frame of it, and reads one of exactly 4K', async () => {
    const key = [{ text: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE' }];
    const over = await recorded(await makeScreenRecording({ seconds: 2, fps: 2, width: 4096, height: 2304, lines: key }), 2);
    expect(over.rec).toMatchObject({ status: 'needs_review', approved: false, analyzed: false, findings: [] });
    expect(over.rec.summary).toMatch(/could not be decoded \(the recording's picture is 4096x2304, larger than 4K \(3840x2160\); it was not decoded\)/);

    const uhd = await recorded(await makeScreenRecording({ seconds: 2, fps: 2, width: 3840, height: 2160, lines: key }), 2);
    expect(uhd.rec).toMatchObject({ status: 'needs_review', analyzed: false });
    expect(
      uhd.rec.findings.some((f: { kind: string; description: string }) => f.kind === 'secret' && /AWS access key/.test(f.description)),
      JSON.stringify(uhd.rec.findings),
    ).toBe(true);
  }, 180_000);

  it('does not join a recording past the disk budget of its check: the check fails and says why', async () => {
    const budget = Number(E2E_ENV.RECORDING_CHECK_MAX_BYTES);
    const video = Buffer.concat([await harmlessRecording(), Buffer.alloc(budget, 1)]);
    const member = await createMember(nats);
    const { token } = await recordLink(member, await newDraft(member));
    const id = await recordOne(token, video, { partBytes: 4 * 1024 * 1024 });
    const rec = (await holder(token, `/api/recordings/${id}`)).body;
    expect(rec).toMatchObject({ status: 'failed', analyzed: false, approved: false, bytes: video.length });
    expect(rec.checks).toEqual(['screen_text', 'sound', 'faces', 'model_review'].map((part) => ({ part, state: 'not_checked', note: 'the check failed' })));
    expect(rec.summary).toBe(
      `The check failed: the recording is ${video.length} bytes, more than the ${budget} a check may join (RECORDING_CHECK_MAX_BYTES). Delete this recording and record again.`,
    );
  }, 120_000);
});
