import { byId, errorBody, JSON_HEADERS, say as sayIn, sha256Hex } from './dom.js';

/**
 * The record page: the token comes from the URL fragment (never sent to the server by the browser)
 * and goes to the API in the x-recording-token header. Parts are uploaded while recording, one at
 * a time in order, so a long recording never waits on one big upload at the end.
 */

interface Recording {
  id: string;
  status: string;
  summary: string | null;
  analyzed: boolean;
  checks: { part: string; state: string }[];
}

const PART: Record<string, string> = { screen_text: 'screen text', sound: 'sound', faces: 'faces and people', model_review: 'model review' };

/** What waits for the poster, said plainly: the parts not checked, or the findings. */
function waiting(r: Recording): string {
  const missed = r.checks.filter((c) => c.state === 'not_checked').map((c) => PART[c.part] ?? c.part);
  if (!missed.length) return 'Checked: it found something. Review it in your draft before it is shown.';
  const named = missed.length === 1 ? missed[0]! : `${missed.slice(0, -1).join(', ')} and ${missed.at(-1)}`;
  return `Not approved by itself: ${named} ${missed.length === 1 ? 'was' : 'were'} not checked. Watch it and approve it in your draft before it is shown.`;
}
interface Session {
  posterName: string | null;
  needs: string;
  limits: { seconds: number };
}

const token = location.hash.slice(1);
const status = byId('status');
const start = byId<HTMLButtonElement>('start');
const stop = byId<HTMLButtonElement>('stop');
const webcam = byId<HTMLInputElement>('webcam');
const say = (text: string, error = false) => sayIn(status, text, error);
const headers = { 'x-recording-token': token };

async function failed(res: Response, what: string): Promise<never> {
  const body = await errorBody(res);
  throw new Error(`${what}: ${body.error ?? res.status}`);
}

async function media(withWebcam: boolean): Promise<MediaStream> {
  const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  // The voice (and the webcam, when chosen) come from the devices; the video track recorded is the screen's.
  const voice = await navigator.mediaDevices.getUserMedia({ audio: true, video: withWebcam }).catch(() => null);
  return new MediaStream([...screen.getVideoTracks(), ...(voice?.getAudioTracks() ?? [])]);
}

async function record(limitSeconds: number): Promise<void> {
  const stream = await media(webcam.checked);
  const created = await fetch('/api/recordings', {
    method: 'POST',
    headers: { ...headers, ...JSON_HEADERS },
    body: JSON.stringify({ webcam: webcam.checked }),
  });
  if (!created.ok) await failed(created, 'Could not start');
  const recording = (await created.json()) as Recording;
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
  let index = 0;
  let size = 0;
  let uploads = Promise.resolve();
  const began = performance.now();
  recorder.addEventListener('dataavailable', (event) => {
    if (!event.data.size) return;
    const part = index++;
    uploads = uploads.then(async () => {
      const bytes = await event.data.arrayBuffer();
      const res = await fetch(`/api/recordings/${recording.id}/parts/${part}?sha256=${await sha256Hex(bytes)}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'video/webm' },
        body: bytes,
      });
      if (!res.ok) await failed(res, `Part ${part} was not saved`);
      size += bytes.byteLength;
      say(`Recording… ${part + 1} part(s) saved.`);
    });
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve()));
  const timer = setTimeout(() => recorder.stop(), limitSeconds * 1000);
  stop.onclick = () => recorder.stop();
  recorder.start(1000);
  start.hidden = true;
  stop.hidden = false;
  say('Recording…');
  await stopped;
  clearTimeout(timer);
  stream.getTracks().forEach((t) => t.stop());
  stop.hidden = true;
  const seconds = Math.min(limitSeconds, Math.max(0.1, (performance.now() - began) / 1000));
  await uploads;
  const done = await fetch(`/api/recordings/${recording.id}/complete`, {
    method: 'POST',
    headers: { ...headers, ...JSON_HEADERS },
    body: JSON.stringify({ parts: index, size, seconds }),
  });
  if (!done.ok) await failed(done, 'Could not finish');
  say('Saved. Checking the recording…');
  for (;;) {
    const res = await fetch(`/api/recordings/${recording.id}`, { headers });
    if (!res.ok) await failed(res, 'Could not read the recording');
    const now = (await res.json()) as Recording;
    if (now.status !== 'analyzing') {
      byId('result').textContent = now.summary ?? '';
      say(now.status === 'approved' ? 'Checked and approved.' : now.status === 'failed' ? 'The check failed: record again.' : waiting(now));
      document.body.dataset.recording = now.status;
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main(): Promise<void> {
  if (!token) return say('This page needs the link from your draft (it ends with #…).', true);
  const res = await fetch('/api/recordings/session', { headers });
  if (!res.ok) return say((await errorBody(res)).error ?? 'This link does not work.', true);
  const session = (await res.json()) as Session;
  byId('who').textContent = session.posterName ? `For ${session.posterName}'s draft.` : '';
  byId('needs').textContent = session.needs;
  start.disabled = false;
  start.onclick = () => {
    start.disabled = true;
    record(session.limits.seconds).catch((err: Error) => {
      start.disabled = false;
      start.hidden = false;
      say(err.message, true);
    });
  };
}

void main();
