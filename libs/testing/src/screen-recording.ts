import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const run = promisify(execFile);

/** A line of text drawn on the recorded screen from `from` to `to` seconds (to the end when omitted). */
export interface ScreenLine {
  text: string;
  from?: number;
  to?: number;
}

export interface ScreenRecordingSpec {
  seconds: number;
  lines: ScreenLine[];
  format?: 'webm' | 'mp4';
  /** Light text on a dark terminal (default) or dark text on a light page. */
  theme?: 'terminal' | 'page';
  width?: number;
  height?: number;
  fps?: number;
  /** Changes the whole picture every second (a counter and a moving block), as a busy screen does. */
  busy?: boolean;
  /** A tone as the sound track. */
  tone?: boolean;
  /** WebM written as a live recorder writes it (MediaRecorder does): no duration in its header. */
  live?: boolean;
  /** WebM whose header states this many seconds, whatever the video lasts: a header that lies. */
  statedSeconds?: number;
}

/** Rewrites a WebM's stated Duration (EBML 0x4489, an 8-byte float of milliseconds at the default timecode scale). */
function stateDuration(webm: Buffer, seconds: number): Buffer {
  const at = webm.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('the WebM states no duration to rewrite');
  const out = Buffer.from(webm);
  out.writeDoubleBE(seconds * 1000, at + 3);
  return out;
}

/**
 * A real screen recording made with the ffmpeg the product uses: text drawn on frames at given
 * times, encoded as a browser would (VP8 WebM, or H.264 MP4), so tests send what a poster's
 * browser sends.
 */
export async function makeScreenRecording(spec: ScreenRecordingSpec): Promise<Buffer> {
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const font = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');
  const width = spec.width ?? 1280;
  const height = spec.height ?? 720;
  const fps = spec.fps ?? 10;
  const size = Math.round(height / 24);
  const [bg, fg] = spec.theme === 'page' ? ['0xf5f5f5', 'black'] : ['0x1e1e1e', 'white'];
  const dir = await mkdtemp(join(tmpdir(), 'screen-recording-'));
  // Each line from a file of its own, taken literally: no escaping of quotes, colons or backslashes.
  const filters = await Promise.all(
    spec.lines.map(async (line, i) => {
      const file = join(dir, `line-${i}.txt`);
      await writeFile(file, line.text);
      const when = line.from !== undefined || line.to !== undefined ? `:enable='between(t,${line.from ?? 0},${line.to ?? spec.seconds})'` : '';
      return `drawtext=fontfile=${font}:textfile=${file}:expansion=none:fontcolor=${fg}:fontsize=${size}:x=${size * 2}:y=${size * 2 + i * Math.round(size * 1.8)}${when}`;
    }),
  );
  if (spec.busy) {
    filters.push(`drawbox=x='mod(t*137,${width - 200})':y=${height - 160}:w=160:h=120:color=0x3366cc:t=fill`);
    filters.push(`drawtext=fontfile=${font}:text='%{eif\\:floor(t)\\:d} s':fontcolor=${fg}:fontsize=${size * 3}:x=${width - size * 8}:y=${size}`);
  }
  const out = join(dir, `recording.${spec.format ?? 'webm'}`);
  try {
    const codec =
      spec.format === 'mp4'
        ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(spec.tone ? ['-c:a', 'aac'] : []), '-movflags', '+faststart']
        : [
            '-c:v',
            'libvpx',
            '-b:v',
            '800k',
            '-deadline',
            'realtime',
            '-cpu-used',
            '8',
            ...(spec.tone ? ['-c:a', 'libopus'] : []),
            ...(spec.live ? ['-live', '1'] : []),
          ];
    await run(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=${bg}:s=${width}x${height}:r=${fps}:d=${spec.seconds}`,
        ...(spec.tone ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${spec.seconds}`] : []),
        '-vf',
        filters.length ? filters.join(',') : 'null',
        ...codec,
        '-t',
        String(spec.seconds),
        out,
      ],
      { maxBuffer: 1024 * 1024 },
    );
    const video = await readFile(out);
    return spec.statedSeconds === undefined ? video : stateDuration(video, spec.statedSeconds);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
