import { createRequire } from 'node:module';

import { loadOnFirstUse } from '@marketplace/service-kit';

import { FRAME_HEIGHT, FRAME_WIDTH } from './frame-sampler.js';

const require = createRequire(import.meta.url);

type Tesseract = typeof import('tesseract.js');

const loadSharp = loadOnFirstUse(async () => (await import('sharp')).default);
// tesseract.js and its English data are loaded by path (they are not bundled): the data comes from
// the npm package beside it, never from the network, and is not cached to disk.
const loadTesseract = loadOnFirstUse(async () => require('tesseract.js') as Tesseract);
// The integer LSTM model (3 MB) rather than the package's default, which carries the legacy engine
// too (11 MB): the worker thread holds about 80 MiB less, and LSTM is the engine we run.
const englishData = () => {
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  return { langPath: `${data.langPath}_best_int`, gzip: data.gzip };
};

/** Reads the text on frames with Tesseract (offline, in a worker thread); `close` ends the thread. */
export interface ScreenReader {
  read(grey: Buffer): Promise<string>;
  close(): Promise<void>;
}

export async function openScreenReader(): Promise<ScreenReader> {
  const [{ createWorker, OEM, PSM }, sharp] = await Promise.all([loadTesseract(), loadSharp()]);
  // Each frame is seen once: libvips keeping decoded images for reuse only holds memory.
  sharp.cache(false);
  const data = englishData();
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: data.langPath, gzip: data.gzip, cacheMethod: 'none' });
  // One block, line by line: automatic layout analysis drops lines it takes for rules (a private
  // key's "-----BEGIN" line). Our frames carry no resolution of their own.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '96' });
  return {
    async read(grey) {
      let image = sharp(grey, { raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 1 } });
      // Light text on a dark terminal reads better turned dark on light.
      const { channels } = await image.stats();
      if ((channels[0]?.mean ?? 255) < 110) image = image.negate({ alpha: false });
      const png = await image.png({ compressionLevel: 1 }).toBuffer();
      const { data: out } = await worker.recognize(png);
      return out.text.replace(/[ \t]+\n/g, '\n').trim();
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** A frame as a JPEG at most `width` wide, for a vision model. */
export async function frameAsJpeg(grey: Buffer, width = 1280): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(grey, { raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 1 } })
    .resize({ width })
    .jpeg({ quality: 70 })
    .toBuffer();
}
