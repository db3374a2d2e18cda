import { FILE_LIMITS } from '@marketplace/contracts';

import { html, type Raw } from './layout.js';
import { storeAttribute } from './upload-store.js';

/**
 * The upload form of the pages that keep files (personal files, a job's files), driven by the
 * file-upload script over the chunked API. One form for both, so an upload behaves the same
 * wherever a member starts it: progress, resume of a cut-off upload, the name's own error.
 */

/** Bytes as a person reads them. */
export function byteSize(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const [value, unit] = n < 1_048_576 ? [n / 1024, 'KB'] : n < 1_073_741_824 ? [n / 1_048_576, 'MB'] : [n / 1_073_741_824, 'GB'];
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

export interface UploadFormSpec {
  /** The area's API collection: listed to find an upload to resume, posted to start one. */
  api: string;
  /** The area's page: the uploaded file's own page is `<page>/<file id>`. */
  page: string;
  /** Where files over the proxied cap go (PageDeps.uploadStore). */
  store: string | null;
  /** Where the file lands, said before the name field. */
  into?: string;
}

export function uploadForm(spec: UploadFormSpec): Raw {
  return html`<section class="part" aria-labelledby="upload-heading">
<h2 id="upload-heading">Upload a file</h2>
${spec.into ? html`<p class="note">${spec.into}</p>` : ''}
<form id="upload-form" hidden data-chunk-bytes="${FILE_LIMITS.chunkBytes}" data-api="${spec.api}" data-page="${spec.page}"${storeAttribute(spec.store)}>
<label for="upload-file">File</label>
<input id="upload-file" type="file" required aria-describedby="upload-file-hint">
<p class="note" id="upload-file-hint">Up to ${byteSize(FILE_LIMITS.fileBytes)}. An interrupted upload resumes where it stopped when you choose the same file again.</p>
<label for="upload-path">Name</label>
<input id="upload-path" maxlength="${FILE_LIMITS.pathLength}" autocomplete="off" aria-describedby="upload-path-hint">
<p class="note" id="upload-path-hint">The file's name by default. Put it in a folder with a slash, such as reports/q3.pdf.</p>
<p class="error field-error" id="upload-path-error" hidden></p>
<button type="submit">Upload</button>
<div id="upload-progress-box" hidden><label for="upload-progress">Upload progress</label>
<progress id="upload-progress" max="1" value="0"></progress></div>
<p id="upload-status" role="status" aria-live="polite"></p>
</form>
<noscript><p class="note">Uploading needs JavaScript: files go up in parts so a broken connection can resume.</p></noscript>
</section>`;
}
