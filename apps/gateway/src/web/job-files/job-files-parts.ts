import { FILE_LIMITS, type JobFile, type listJobFiles, type OutputOf } from '@marketplace/contracts';

import { byteSize } from '../kit/file-upload-form.js';
import { html, type Raw } from '../kit/layout.js';
import { when } from '../kit/page.js';

/** The pieces of the job files pages: each file's state and actions, a folder's table, the access switch. */

export type JobFiles = OutputOf<typeof listJobFiles>;

const enc = encodeURIComponent;

export const filesPath = (jobId: string) => `/jobs/${enc(jobId)}/files`;
export const filePath = (jobId: string, fileId: string) => `${filesPath(jobId)}/${enc(fileId)}`;

export const FOLDER_NAMES = { poster: 'Poster folder', worker: 'Worker folder' } as const;

/**
 * A ready file this member can no longer change in an open area was turned in with the work:
 * canWrite already answers false for the other side's folder, so only their own folder is told so.
 */
function turnedIn(files: JobFiles, f: JobFile): boolean {
  return f.status === 'ready' && !f.canWrite && !files.closed && (files.role === 'poster' || f.folder === files.role);
}

export function stateOf(files: JobFiles, f: JobFile): Raw {
  if (f.status === 'deleting') return html`Being deleted`;
  if (f.status === 'ready') return turnedIn(files, f) ? html`Ready, turned in with the work` : html`Ready`;
  const percent = Math.floor((f.received / f.size) * 100);
  return html`Uploading: ${percent}% received.${f.canWrite ? html` <span class="note">Choose it again above to finish.</span>` : ''}`;
}

/** Delete, where the files service allows it: the poster any file, the worker its own folder's; never a turned-in one. */
export function deleteForm(jobId: string, f: JobFile): Raw {
  return f.canWrite && f.status !== 'deleting'
    ? html`<form method="post" action="${filePath(jobId, f.id)}/delete" class="inline"><button type="submit" class="secondary" aria-label="Delete ${f.path}">Delete</button></form>`
    : html``;
}

function fileRow(files: JobFiles, f: JobFile): Raw {
  const name = readable(files, f) ? html`<a href="${filePath(files.jobId, f.id)}">${f.path}</a>` : html`${f.path}`;
  return html`<tr><td>${name}</td><td>${byteSize(f.size)}</td><td>${stateOf(files, f)}</td><td>${when(f.createdAt)}</td><td>${deleteForm(files.jobId, f)}</td></tr>`;
}

/** One folder's files as a table that scrolls by itself on a narrow screen. */
export function folderSection(files: JobFiles, folder: JobFile['folder'], about: string): Raw {
  const inFolder = files.files.filter((f) => f.folder === folder);
  const heading = `${folder}-folder-heading`;
  return html`<section class="part" aria-labelledby="${heading}">
<h2 id="${heading}">${FOLDER_NAMES[folder]}</h2>
<p class="note">${about}</p>
${
  inFolder.length
    ? html`<div class="table-wrap" role="region" aria-label="${FOLDER_NAMES[folder]}" tabindex="0"><table id="${folder}-files">
<thead><tr><th scope="col">Name</th><th scope="col">Size</th><th scope="col">State</th><th scope="col">Added</th><th scope="col"><span class="note">Action</span></th></tr></thead>
<tbody>${inFolder.map((f) => fileRow(files, f))}</tbody></table></div>`
    : html`<p class="note" id="no-${folder}-files">No files here yet.</p>`
}
</section>`;
}

/** What the worker may do with the files now, and for the poster the switch (only once someone is hired). */
export function accessPart(files: JobFiles): Raw {
  if (files.role === 'worker') {
    return html`<p id="file-access">The poster shared the job's files with you: you read both folders and add files to the worker folder.</p>`;
  }
  if (files.hireId === null) {
    return html`<p id="file-access">Nobody is hired yet. Once you hire someone, you can share these files with them.</p>`;
  }
  const text = files.workerAccess
    ? 'The hired worker can read the job files and add files to the worker folder.'
    : 'The hired worker cannot reach the job files yet.';
  return html`<p id="file-access">${text}</p>
${
  files.closed
    ? ''
    : html`<form method="post" action="${filesPath(files.jobId)}/access"><input type="hidden" name="allowed" value="${files.workerAccess ? 'false' : 'true'}">
<button type="submit"${files.workerAccess ? html` class="secondary"` : ''}>${files.workerAccess ? "Withdraw the worker's access" : 'Let the worker use the job files'}</button></form>`
}`;
}

/** The space the files this member sees take (every state counts against the area's limit). */
export function usage(files: JobFiles): string {
  const used = files.files.reduce((sum, f) => sum + f.size, 0);
  return `${files.files.length} of ${FILE_LIMITS.files} files, ${byteSize(used)} of ${byteSize(FILE_LIMITS.jobBytes)} used.`;
}

/** Names whose bytes read as text: the file page shows their beginning in place. */
const TEXT_NAMES = /\.(txt|md|markdown|csv|tsv|json|log|xml|ya?ml|toml|ini|html?|css|js|ts|py|sql|sh)$/i;

/** A closed area downloads and previews nothing (409 from the files service): only ready files of an open one are offered. */
export const readable = (files: JobFiles, f: JobFile) => f.status === 'ready' && !files.closed;

/** Shown as text in the page: a text-like name served through this site (within the proxied cap). */
export const readsAsText = (files: JobFiles, f: JobFile) => readable(files, f) && TEXT_NAMES.test(f.path) && f.size <= FILE_LIMITS.proxyBytes;
