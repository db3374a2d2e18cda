import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { makeScreenRecording } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DecodeError, TooLongError } from './decode-error.js';
import { openRecording } from './recording-input.js';
import { lengthRefusal, progressSeconds, requireWithinLength } from './recording-length.js';
import { headerRefusal, parseHeader, probeRecording } from './recording-probe.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'recording-probe-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// What this ffmpeg prints for a WebM and an MP4 (the codec tag's hex must not read as a size).
const WEBM = `Input #0, matroska,webm, from 'video':
  Metadata:
    encoder         : Lavf58.20.100
  Duration: N/A, start: 0.000000, bitrate: N/A
    Stream #0:0: Video: vp8, yuv420p(progressive), 1280x720, SAR 1:1 DAR 16:9, 30 fps, 30 tbr, 1k tbn, 1k tbc (default)
    Stream #0:1: Audio: opus, 48000 Hz, mono, fltp (default)
At least one output file must be specified`;
const MP4 = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'video':
  Duration: 00:10:00.50, start: 0.000000, bitrate: 74 kb/s
    Stream #0:0(und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p, 2160x3840 [SAR 1:1 DAR 9:16], 71 kb/s, 30 fps, 30 tbr, 15360 tbn, 60 tbc (default)
    Stream #0:1(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 7680x4320, 71 kb/s (default)`;

describe('the header limits', () => {
  it("reads every video stream's size and the stated duration", () => {
    expect(parseHeader(WEBM)).toEqual({ pictures: [{ width: 1280, height: 720 }], seconds: null, sound: true });
    expect(parseHeader(MP4)).toEqual({
      pictures: [
        { width: 2160, height: 3840 },
        { width: 7680, height: 4320 },
      ],
      seconds: 600.5,
      sound: false,
    });
    expect(parseHeader('Input #0, matroska,webm\n    Stream #0:0: Audio: opus, 48000 Hz, mono\n')).toEqual({ pictures: [], seconds: null, sound: true });
    // ffmpeg's pixel limit refused the picture while filling in the header: the stream shows no size.
    const refused = `[vp8 @ 0x3a4c4740] [IMGUTILS @ 0x7ffc340142c0] Picture size 4096x2304 exceeds specified max pixel count 8294400, see the documentation if you wish to increase it
[matroska,webm @ 0x3a4b9c00] Could not find codec parameters for stream 0 (Video: vp8, yuv420p(tv, bt470bg/unknown/unknown, progressive)): unspecified size
  Duration: 00:00:01.00, start: 0.000000, bitrate: 95 kb/s
    Stream #0:0: Video: vp8, yuv420p(tv, bt470bg/unknown/unknown, progressive), SAR 1:1 DAR 0:0, 5 fps, 5 tbr, 1k tbn, 1k tbc (default)`;
    expect(parseHeader(refused)).toEqual({ pictures: [{ width: 4096, height: 2304 }], seconds: 1, sound: false });
  });

  it('takes pictures up to 4K either way round and refuses one pixel more, in any stream', () => {
    const header = (width: number, height: number, seconds: number | null = null) => ({ pictures: [{ width, height }], seconds });
    expect(headerRefusal(header(3840, 2160))).toBeNull();
    expect(headerRefusal(header(2160, 3840))).toBeNull();
    expect(headerRefusal(header(1920, 1080))).toBeNull();
    for (const [w, h] of [
      [3841, 2160],
      [3840, 2161],
      [2161, 3840],
      [4096, 2304],
      [100, 4000],
      [7680, 4320],
    ] as const) {
      expect(headerRefusal(header(w, h)), `${w}x${h}`).toMatch(/larger than 4K \(3840x2160\)/);
    }
    expect(headerRefusal(parseHeader(MP4))).toMatch(/7680x4320, larger than 4K/);
    expect(headerRefusal({ pictures: [] })).toMatch(/no video stream/);
  });

  it('refuses a length over the limit, allows a second of slack, and takes none stated', () => {
    expect(lengthRefusal(601, 600)).toBeNull();
    expect(lengthRefusal(null, 600)).toBeNull();
    expect(lengthRefusal(601.6, 600)).toBe("the recording's video lasts 602 seconds, more than the 600 a recording may last");
    expect(lengthRefusal(3600 * 5, 600)).toMatch(/lasts 18000 seconds/);
  });

  it('reads the latest time in ffmpeg progress reports', () => {
    expect(progressSeconds('frame=1\nout_time_us=500000\nprogress=continue\nout_time_us=659001000\nprogress=end\n')).toBe(659.001);
    expect(progressSeconds('out_time_us=N/A\nprogress=end\n')).toBeNull();
  });
});

describe('the probe of real recordings', () => {
  async function recording(name: string, width: number, height: number, format: 'webm' | 'mp4' = 'webm', seconds = 1) {
    const file = join(dir, name);
    await writeFile(file, await makeScreenRecording({ seconds, lines: [], width, height, format, fps: 2 }));
    return openRecording(file);
  }
  const signal = new AbortController().signal;

  it('reads a normal recording and refuses one larger than 4K before a frame is sampled', async () => {
    expect(await probeRecording(await recording('hd.webm', 1280, 720), 600, signal)).toMatchObject({ pictures: [{ width: 1280, height: 720 }] });
    expect(await probeRecording(await recording('uhd.mp4', 3840, 2160, 'mp4'), 600, signal)).toMatchObject({ pictures: [{ width: 3840, height: 2160 }] });
    const wide = await probeRecording(await recording('wide.webm', 4096, 2304), 600, signal).catch((err: unknown) => err);
    expect(wide).toBeInstanceOf(DecodeError);
    expect((wide as Error).message).toBe("the recording's picture is 4096x2304, larger than 4K (3840x2160); it was not decoded");
    await expect(probeRecording(await recording('tall.mp4', 2160, 4096, 'mp4'), 600, signal)).rejects.toThrow(/2160x4096, larger than 4K/);
  }, 120_000);

  it('refuses a recording that states a length over the limit as too long', async () => {
    const long = await probeRecording(await recording('four-seconds.mp4', 320, 240, 'mp4', 4), 2, signal).catch((err: unknown) => err);
    expect(long).toBeInstanceOf(TooLongError);
    expect((long as Error).message).toMatch(/lasts 4 seconds, more than the 2/);
  }, 60_000);

  it('reads the length from the packets when the header states none, and refuses one over the limit', async () => {
    const file = join(dir, 'unstated.webm');
    await writeFile(file, await makeScreenRecording({ seconds: 5, lines: [], width: 64, height: 36, fps: 2, live: true }));
    const input = await openRecording(file);
    expect((await probeRecording(input, 600, signal)).seconds).toBeNull();
    expect(await requireWithinLength(input, 600, signal)).toBeCloseTo(5, 0);
    await expect(requireWithinLength(input, 3, signal)).rejects.toBeInstanceOf(TooLongError);
  }, 60_000);
});
