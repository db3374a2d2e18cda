import { DownloadGrantEntity } from './downloads/download-grant.entity.js';
import { ClosedMemberEntity, FileChunkEntity, FileEntity, JobAreaEntity } from './files/file.entity.js';
import { FilePreviewsAndDownloadGrants1795420338184 } from './migrations/1795420338184-file-previews-and-download-grants.js';
import { PersonalFiles1795420376490 } from './migrations/1795420376490-personal-files.js';
import { JobAreas1795421469905 } from './migrations/1795421469905-job-areas.js';
import { ProvisionalTurnIns1795432000000 } from './migrations/1795432000000-provisional-turn-ins.js';
import { DirectUploads1795440000000 } from './migrations/1795440000000-direct-uploads.js';
import { FilePreviewEntity } from './previews/file-preview.entity.js';

/** The files tables; the shared outbox and processed-event tables are created by the service kit. */
export const filesEntities: Function[] = [FileEntity, FileChunkEntity, ClosedMemberEntity, JobAreaEntity, FilePreviewEntity, DownloadGrantEntity];
export const filesMigrations: Function[] = [
  FilePreviewsAndDownloadGrants1795420338184,
  PersonalFiles1795420376490,
  JobAreas1795421469905,
  ProvisionalTurnIns1795432000000,
  DirectUploads1795440000000,
];
