import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { makeScreenRecording } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DecodeError } from './ffmpeg-process.js';
import { containerOfHead, openRecording } from './recording-input.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recording-input-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('the container of a recording, from its first bytes', () => {
  it('is Matroska for the EBML magic and MOV for an ftyp box at offset 4', () => {
    expect(containerOfHead(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe('matroska');
    expect(containerOfHead(bytes('\0\0\0\x20ftypisom\0\0\x02\0'))).toBe('mov');
    expect(containerOfHead(bytes('\0\0\0\x14ftypqt  '))).toBe('mov');
  });

  it('is nothing for playlists, concat scripts, other formats, or too few bytes', () => {
    for (const head of [
      '#EXTM3U\n#EXT-X-TARG',
      'ffconcat version 1.0',
      "file '/etc/passwd'",
      '\x89PNG\r\n\x1a\n\0\0\0\x0d',
      'RIFF\0\0\0\0AVI ',
      '\0\0\0\x20moov\0\0\0\0',
      'ftypisom\0\0\0\0',
      '\x1a\x45\xdf',
      '',
    ])
      expect(containerOfHead(bytes(head)), JSON.stringify(head)).toBeNull();
  });

  it('opens real WebM and MP4 recordings with their demuxer, and refuses a playlist before ffmpeg runs', async () => {
    const webm = join(dir, 'a.webm');
    const mp4 = join(dir, 'a.mp4');
    await writeFile(webm, await makeScreenRecording({ seconds: 1, lines: [], width: 320, height: 240 }));
    await writeFile(mp4, await makeScreenRecording({ seconds: 1, lines: [], width: 320, height: 240, format: 'mp4' }));
    expect(await openRecording(webm)).toEqual({ file: webm, container: 'matroska' });
    expect(await openRecording(mp4)).toEqual({ file: mp4, container: 'mov' });

    const playlist = join(dir, 'playlist.webm');
    await writeFile(playlist, '#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n');
    const refused = await openRecording(playlist).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DecodeError);
    expect((refused as Error).message).toMatch(/neither WebM nor MP4/);
    const empty = join(dir, 'empty.webm');
    await writeFile(empty, '');
    await expect(openRecording(empty)).rejects.toBeInstanceOf(DecodeError);
  }, 60_000);
});
