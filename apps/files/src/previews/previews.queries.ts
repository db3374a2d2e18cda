import { affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { FilePreviewKind } from './file-preview.entity.js';

/* The statements of previews (a file's preview row, the worker's write), typed from the migrated files schema. */

type PreviewRow = Selectable<DB['file_previews']>;

/** A file's preview as the answer reads it, and whether a pending one was asked for over `requeueSeconds` ago. */
export type PreviewState = Pick<PreviewRow, 'kind' | 'object_key' | 'reason'> & {
  mime_type: 'image/png' | 'image/jpeg' | null;
  stale: boolean;
};

/** What the preview worker reads of a file: its size, status and object, and its preview's kind if it has one. */
export function fileToPreview(on: Db, fileId: string) {
  return first(
    on,
    db
      .selectFrom('files as f')
      .leftJoin('file_previews as p', 'p.file_id', 'f.id')
      .select(['f.size', 'f.status', 'f.object_key', 'p.kind'])
      .where('f.id', '=', fileId),
  );
}

/** Whether the file is ready; `share` takes its row FOR SHARE, so it cannot be deleted before the transaction ends. */
export async function isReadyFile(on: Db, fileId: string, share = false): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('files')
      .select('id')
      .where('id', '=', fileId)
      .where('status', '=', 'ready')
      .$if(share, (q) => q.forShare()),
  );
  return found.length > 0;
}

/** The file's preview as made: an image at `objectKey`, or unavailable with its reason. */
export async function savePreview(
  on: Db,
  preview: {
    fileId: string;
    kind: FilePreviewKind;
    mimeType: string | null;
    objectKey: string | null;
    reason: string | null;
  },
): Promise<void> {
  await affected(
    on,
    db
      .insertInto('file_previews')
      .values({
        file_id: preview.fileId,
        kind: preview.kind,
        mime_type: preview.mimeType,
        object_key: preview.objectKey,
        reason: preview.reason,
        requested_at: sql<Date>`now()`,
        made_at: sql<Date>`now()`,
      })
      .onConflict((oc) =>
        oc.column('file_id').doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          mime_type: eb.ref('excluded.mime_type'),
          object_key: eb.ref('excluded.object_key'),
          reason: eb.ref('excluded.reason'),
          made_at: eb.ref('excluded.made_at'),
        })),
      ),
  );
}

/** A file's preview row, with whether it was asked for over `requeueSeconds` ago. */
export function previewState(on: Db, fileId: string, requeueSeconds: number): Promise<PreviewState | undefined> {
  return first(
    on,
    db
      .selectFrom('file_previews')
      .select(['kind', 'mime_type', 'object_key', 'reason'])
      .select(sql<boolean>`requested_at < now() - make_interval(secs => ${requeueSeconds})`.as('stale'))
      .where('file_id', '=', fileId)
      .$narrowType<{ mime_type: 'image/png' | 'image/jpeg' | null }>(),
  );
}

/**
 * The preview marked pending now, unless one was asked for within `requeueSeconds` (an image is
 * always asked again: its object was missing); whether this call took it (and so queues the work).
 */
export async function claimPreview(on: Db, fileId: string, requeueSeconds: number): Promise<boolean> {
  const claimed = await rows(
    on,
    db
      .insertInto('file_previews')
      .values({ file_id: fileId, kind: 'pending', requested_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc
          .column('file_id')
          .doUpdateSet({ kind: 'pending', mime_type: null, object_key: null, reason: null, requested_at: sql<Date>`now()` })
          .where((eb) =>
            eb.or([eb('file_previews.kind', '=', 'image'), eb('file_previews.requested_at', '<', sql<Date>`now() - make_interval(secs => ${requeueSeconds})`)]),
          ),
      )
      .returning('file_id'),
  );
  return claimed.length > 0;
}
