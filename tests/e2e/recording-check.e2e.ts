import { describe, expect, inject, it } from 'vitest';
import { api, createMember, makeScreenRecording, mcp, toolOutcome, type TestMember } from '@marketplace/testing';
import { mcpToken } from './support/mcp-token.js';
import { harmlessRecording, holder, newDraft, recordLink, recordOne } from './support/recordings.js';

/**
 * The walkthrough check looks at the recording, with no model configured: real screen recordings
 * made with ffmpeg go through the record link's API in parts, the drafts worker decodes them, reads
 * each changed frame with OCR and runs the product's detectors over the text. A credential on
 * screen refuses approval; a clean recording is approved by itself.
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
    expect(rec).toMatchObject({ status: 'needs_review', analyzed: true, approved: false });
    const secret = rec.findings.find((f: { kind: string; description: string }) => f.kind === 'secret' && /AWS access key/.test(f.description));
    expect(secret, JSON.stringify(rec.findings)).toMatchObject({ atSeconds: 5 });
    expect(secret.description).toMatch(/AKIA\*+MPLE/);
    expect(JSON.stringify(rec)).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(rec.summary).toMatch(/0:05–0:09 a terminal showing/);

    const refused = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/credential/i);
    const viaMcp = toolOutcome(await mcp(base, 'tools/call', {
      name: 'review_job_recording', arguments: { draft_id: draftId, action: 'approve', acknowledge_findings: true },
    }, await mcpToken(member)));
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.error).toMatch(/credential/i);
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toMatchObject({ id, approved: false, status: 'needs_review' });
  }, 180_000);

  it('finds a private key header and a card number in an MP4 recording of a web page, each at its second', async () => {
    const video = await makeScreenRecording({
      seconds: 10, format: 'mp4', theme: 'page',
      lines: [{ text: 'Settings > Billing' }, { text: '-----BEGIN RSA PRIVATE KEY-----', from: 2, to: 4 }, { text: 'Card: 4242 4242 4242 4242', from: 6 }],
    });
    const { member, draftId, rec } = await recorded(video, 10, 'video/mp4');
    expect(rec).toMatchObject({ status: 'needs_review', analyzed: true });
    const at = (kind: string, label: RegExp) => rec.findings.find((f: { kind: string; description: string }) => f.kind === kind && label.test(f.description))?.atSeconds;
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
    expect(approved.body).toMatchObject({ status: 'approved', approved: true });
  }, 180_000);

  it('approves a clean recording by itself once its frames were read, and says what was on screen', async () => {
    const video = await harmlessRecording();
    const { member, draftId, id, rec } = await recorded(video, 5);
    expect(rec).toMatchObject({ id, status: 'approved', approved: true, analyzed: true, findings: [] });
    expect(rec.summary).toMatch(/0:00–0:0\d a terminal showing "\$ npm run export"/);
    expect(rec.summary).toMatch(/export timed out/);
    const watched = await fetch(`${base}/api/me/job-drafts/${draftId}/recording/video`, { headers: { authorization: `Bearer ${member.key}` } });
    expect(watched.headers.get('content-type')).toMatch(/video\/webm/);
    expect(Buffer.from(await watched.arrayBuffer()).equals(video)).toBe(true);
  }, 180_000);

  it('never hands ffmpeg what is not a WebM or MP4: a playlist naming a local file is not decoded, and nothing reads as checked', async () => {
    const playlist = Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n'.padEnd(64 * 1024, '\n'));
    const { rec } = await recorded(playlist, 5);
    expect(rec).toMatchObject({ status: 'needs_review', approved: false, analyzed: false, findings: [] });
    expect(rec.summary).toMatch(/neither WebM nor MP4/);
    expect(rec.summary).not.toMatch(/root:/);
  }, 120_000);
});
