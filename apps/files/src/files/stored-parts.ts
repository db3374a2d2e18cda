import { AppError } from '@marketplace/contracts';
import type { ObjectStorage } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { assembledObjectKey, type FileRow } from './area-files.js';
import { forgetUploadId } from './file-assembly.queries.js';
import { directPartCount, directPartSize } from './upload-rules.js';

/**
 * The parts a direct upload holds, as the store reports them (ListParts), against their shares of
 * the declared size: a part URL writes whatever length it is sent (the store cannot be told to
 * refuse another), so this is where a part is bounded. A part larger than its share, or beyond
 * the file's count, aborts the whole multipart upload, so the store frees the excess at once, and
 * the client starts the parts again (409). At completion (`complete`: the file's part count), each
 * of parts 1 to `complete` must also be there with exactly its share; one short or missing is
 * named, to PUT again (409), and the others are kept.
 */
export async function checkStoredParts(storage: ObjectStorage, ds: DataSource, file: FileRow, complete?: number): Promise<void> {
  if (!file.upload_id) return;
  const key = assembledObjectKey(file.id);
  const count = directPartCount(file);
  const held = await storage.listParts(key, file.upload_id);
  // Gone: joined by a complete racing this one, or aborted; completing says which.
  if (!held) return;
  const over = held.find((p) => p.part < 1 || p.part > count || p.size > directPartSize(file, p.part));
  if (over) {
    await storage.abortMultipart(key, file.upload_id);
    await forgetUploadId(ds, file.id, file.upload_id);
    const allowed = over.part >= 1 && over.part <= count ? `the ${directPartSize(file, over.part)} bytes it was given` : 'none: the file has fewer parts';
    throw AppError.conflict(
      `Part ${over.part} holds ${over.size} bytes, more than ${allowed}. The upload's parts were dropped: ask for new part URLs and send the file again.`,
      { parts: `Part ${over.part} is larger than its share of the declared size.` },
    );
  }
  if (complete === undefined) return;
  for (let n = 1; n <= complete; n++) {
    const size = held.find((p) => p.part === n)?.size ?? 0;
    if (size === directPartSize(file, n)) continue;
    throw AppError.conflict(
      `Storage holds ${size} bytes of part ${n}, not its ${directPartSize(file, n)}; PUT it again (ask for its URL again), then complete.`,
      { parts: `Part ${n} is ${size ? 'short' : 'missing'}.` },
    );
  }
}
