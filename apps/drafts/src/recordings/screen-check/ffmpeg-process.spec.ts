import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerOf, DecodeError, ffmpegPath, probeRecording } from './ffmpeg-process.js';

const run = promisify(execFile);
let dir: string;

/** A real one-second recording of the given size, made by the same ffmpeg. */
async function video(name: string, width: number, height: number, container: 'webm' | 'mp4'): Promise<string> {
  const file = join(dir, name);
  const codec = container === 'mp4' ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'] : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'];
  await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:r=1:d=1`, ...codec, '-f', container, file]);
  return file;
}

beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'ffmpeg-process-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('what reaches ffmpeg from a member', () => {
  it('takes WebM and MP4 by their magic bytes, and refuses playlists, concat scripts and anything else before ffmpeg runs', async () => {
    expect(await containerOf(await video('small.webm', 320, 240, 'webm'))).toBe('matroska');
    expect(await containerOf(await video('small.mp4', 320, 240, 'mp4'))).toBe('mov');
    const hostile: Record<string, string> = {
      'playlist.webm': '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n',
      'concat.webm': "ffconcat version 1.0\nfile '/etc/passwd'\n",
      'empty.webm': '',
      'image.mp4': '\x89PNG\r\n\x1a\n',
    };
    for (const [name, body] of Object.entries(hostile)) {
      const file = join(dir, name);
      await writeFile(file, body, 'latin1');
      await expect(containerOf(file), name).rejects.toBeInstanceOf(DecodeError);
    }
  });

  it('refuses a picture larger than 4K from its header, and reads a normal one', async () => {
    const signal = new AbortController().signal;
    expect(await probeRecording(await video('hd.webm', 1280, 720, 'webm'), 600, signal)).toEqual({ width: 1280, height: 720 });
    await expect(probeRecording(await video('huge.webm', 4096, 2304, 'webm'), 600, signal)).rejects.toThrow(/larger than 4K/);
    await expect(probeRecording(await video('tall.mp4', 2160, 4096, 'mp4'), 600, signal)).rejects.toThrow(/larger than 4K/);
  }, 60_000);

  it('refuses a stated duration over the limit', async () => {
    const signal = new AbortController().signal;
    await expect(probeRecording(await video('one-second.mp4', 320, 240, 'mp4'), 0, signal)).rejects.toThrow(/more than 0/);
  }, 30_000);
});
