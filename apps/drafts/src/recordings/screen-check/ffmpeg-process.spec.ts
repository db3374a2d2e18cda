import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { makeScreenRecording, type ScreenRecordingSpec } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DecodeError, ffmpegArgs, runFfmpeg, type RunOptions } from './ffmpeg-process.js';
import { openRecording, type RecordingInput } from './recording-input.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-process-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function recording(name: string, spec: Partial<ScreenRecordingSpec>): Promise<RecordingInput> {
  const file = join(dir, name);
  await writeFile(file, await makeScreenRecording({ seconds: 1, lines: [], fps: 2, ...spec }));
  return openRecording(file);
}

/** Grey frames at 320x180, as the sampler asks for them (smaller), counted in bytes. */
const GREY = ['-map', '0:v:0', '-an', '-vf', 'scale=320:180', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'];

async function decode(input: RecordingInput, signal: AbortSignal, opts: RunOptions): Promise<number> {
  const run = runFfmpeg(input, GREY, signal, opts);
  run.done.catch(() => undefined);
  let bytes = 0;
  for await (const chunk of run.stdout as AsyncIterable<Buffer>) bytes += chunk.length;
  await run.done;
  return bytes;
}

describe('every ffmpeg run over a recording', () => {
  it('forces the demuxer, allows only the file protocol and limits threads and pixels, all before the input', () => {
    const args = ffmpegArgs({ file: '/tmp/x/video', container: 'matroska' }, ['-f', 'null', '-']);
    const input = args.indexOf('-i');
    expect(args[input + 1]).toBe('/tmp/x/video');
    const before = args.slice(0, input);
    const option = (name: string) => before[before.indexOf(name) + 1];
    expect(option('-f')).toBe('matroska');
    expect(option('-protocol_whitelist')).toBe('file');
    expect(option('-threads')).toBe('1');
    expect(option('-filter_threads')).toBe('1');
    expect(option('-max_pixels')).toBe(String(3840 * 2160));
    expect(args.slice(input + 2)).toEqual(['-f', 'null', '-']);
    expect(ffmpegArgs({ file: 'v', container: 'mov' }, [])).toContain('mov');
  });

  it('decodes a real recording within its limits', async () => {
    const input = await recording('small.mp4', { width: 640, height: 360, seconds: 2, format: 'mp4' });
    expect(await decode(input, new AbortController().signal, { seconds: 30 })).toBe(4 * 320 * 180);
  }, 60_000);

  it('fails a picture over 4K as it is decoded, whatever the header said', async () => {
    const input = await recording('wide.webm', { width: 4096, height: 2304 });
    await expect(decode(input, new AbortController().signal, { seconds: 30 })).rejects.toBeInstanceOf(DecodeError);
    expect(await decode(await recording('uhd.webm', { width: 3840, height: 2160 }), new AbortController().signal, { seconds: 30 })).toBe(2 * 320 * 180);
  }, 60_000);

  it('kills ffmpeg at its deadline and says so', async () => {
    const input = await recording('long.webm', { width: 1280, height: 720, seconds: 20, fps: 10 });
    // Its output is never read, so ffmpeg waits on the full pipe until the deadline kills it.
    const run = runFfmpeg(input, ['-map', '0:v:0', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'], new AbortController().signal, { seconds: 1 });
    const started = Date.now();
    const err = await run.done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as Error).message).toBe('decoding took longer than 1 seconds; ffmpeg was stopped');
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it("stops with the caller's signal, with the caller's reason", async () => {
    const input = await recording('stopped.webm', { width: 1280, height: 720, seconds: 5 });
    const caller = new AbortController();
    const run = runFfmpeg(input, ['-map', '0:v:0', '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1'], caller.signal, { seconds: 60 });
    setTimeout(() => caller.abort(new Error('shutting down')), 200);
    await expect(run.done).rejects.toThrow('shutting down');
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'caps the memory ffmpeg may map: a 4K decode fails in 48 MiB and runs in the default',
    async () => {
      const input = await recording('uhd-memory.webm', { width: 3840, height: 2160 });
      await expect(decode(input, new AbortController().signal, { seconds: 30, memoryBytes: 48 * 1024 * 1024 })).rejects.toBeInstanceOf(DecodeError);
      expect(await decode(input, new AbortController().signal, { seconds: 30 })).toBe(2 * 320 * 180);
    },
    60_000,
  );
});
