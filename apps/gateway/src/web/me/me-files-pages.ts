import { AppError, deleteMyFile, downloadMyFile, FILE_LIMITS, listMyFiles, type PersonalFile, previewMyFile, renameMyFile } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { byteSize, uploadForm } from '../kit/file-upload-form.js';
import { downloadLink, formAction, sessionPage } from '../kit/form-action.js';
import { textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, definePage, doneNotice, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { uploadsTo } from '../kit/upload-store.js';
import { meCrumbs, scrollTable } from './me-page-parts.js';

const DONE = {
  uploaded: 'Your file is uploaded.',
  deleted: 'The file is being deleted; it leaves the list once its storage is freed.',
  renamed: 'The file is renamed.',
} as const;

function stateOf(f: PersonalFile): Raw {
  if (f.status === 'ready') return html`Ready`;
  if (f.status === 'deleting') return html`Being deleted`;
  return html`Uploading: ${Math.floor((f.received / f.size) * 100)}% received. <span class="note">Choose it again above to finish.</span>`;
}

const deleteForm = (f: PersonalFile) =>
  f.canWrite && f.status !== 'deleting'
    ? html`<form method="post" action="/me/files/${f.id}/delete" class="inline"><button type="submit" class="secondary" aria-label="Delete ${f.path}">Delete</button></form>`
    : html``;

function fileRow(f: PersonalFile): Raw {
  const name = f.status === 'ready' ? html`<a href="/me/files/${f.id}">${f.path}</a>` : html`${f.path}`;
  return html`<tr><td>${name}</td><td>${byteSize(f.size)}</td><td>${stateOf(f)}</td><td>${when(f.createdAt)}</td><td>${deleteForm(f)}</td></tr>`;
}

const filesPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Files', async () => {
      const out = await callAs(deps.bus, req, caller, listMyFiles, {});
      const used = out.files.reduce((sum, f) => sum + f.size, 0);
      return memberPage(reply, {
        title: 'Files',
        status,
        scripts: ['file-upload'],
        ...uploadsTo(deps.uploadStore),
        body: html`
${meCrumbs('Files')}
<h1>Files</h1>
${noticeOf(state.notice ?? doneNotice(req, DONE))}
<p>Private to you and the agents you connect. ${out.files.length} of ${FILE_LIMITS.files} files, ${byteSize(used)} of ${byteSize(FILE_LIMITS.personalBytes)} used.</p>
${
  out.closed
    ? html`<p class="notice">Your account is being deleted, so files can no longer be added or changed.</p>`
    : html`
${uploadForm({ api: '/api/me/files', page: '/me/files', store: deps.uploadStore })}`
}
<section class="part" aria-labelledby="files-heading">
<h2 id="files-heading">Your files</h2>
${
  out.files.length
    ? scrollTable(
        'Your files',
        html`<table>
<thead><tr><th scope="col">Name</th><th scope="col">Size</th><th scope="col">State</th><th scope="col">Added</th><th scope="col"><span class="note">Action</span></th></tr></thead>
<tbody>${out.files.map(fileRow)}</tbody></table>`,
      )
    : html`<p class="note">You have no files yet.</p>`
}
</section>`,
      });
    });

/** A file's own page: its preview when it is an image this service can show, download and delete. */
const filePage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'File', async () => {
      const { id } = req.params as { id: string };
      const file = (await callAs(deps.bus, req, caller, listMyFiles, {})).files.find((f) => f.id === id);
      if (!file) throw AppError.notFound('No such file among yours.');
      const preview = file.status === 'ready' ? await callAs(deps.bus, req, caller, previewMyFile, { fileId: id }) : null;
      return memberPage(reply, {
        title: file.path,
        status,
        body: html`
${meCrumbs(file.path, { href: '/me/files', text: 'Files' })}
<h1>${file.path}</h1>
${noticeOf(state.notice ?? doneNotice(req, DONE))}
<p class="meta">${byteSize(file.size)} · added ${when(file.createdAt)} · ${stateOf(file)}</p>
${
  preview?.kind === 'image'
    ? html`<figure class="file-preview"><img src="/me/files/${file.id}/preview" alt="Preview of ${file.path}"><figcaption class="note">A smaller copy of the image.</figcaption></figure>`
    : preview
      ? html`<p class="note">No preview: ${preview.reason}</p>`
      : ''
}
<p>${file.status === 'ready' ? html`<a class="button" href="/me/files/${file.id}/download">Download</a>` : ''}${deleteForm(file)}</p>
${
  file.canWrite
    ? html`<section class="part" aria-labelledby="rename-heading">
<h2 id="rename-heading">Rename</h2>
<form method="post" action="/me/files/${file.id}/rename">
${textInput(
  {
    form: 'rename',
    name: 'path',
    label: 'New name',
    value: file.path,
    required: true,
    maxlength: FILE_LIMITS.pathLength,
    hint: 'Move it into a folder with a slash, such as reports/q3.pdf.',
  },
  state,
)}
<button type="submit">Rename</button>
</form>
</section>`
    : ''
}
<p><a href="/me/files">All your files</a></p>`,
      });
    });

/** /me/files: the list with the upload (a script over the chunked API), each file's page with rename, preview image and download. */
export function meFilesPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const list = filesPage(deps);
  pages.push(sessionPage('/me/files', list));
  const one = filePage(deps);
  pages.push(sessionPage('/me/files/:id', one));
  pages.push(
    formAction(deps, {
      path: '/me/files/:id/rename',
      form: 'rename',
      op: renameMyFile,
      page: one,
      input: (f, params) => ({ fileId: params.id, path: f.path ?? '' }),
      done: (_out, params) => `/me/files/${params.id}?done=renamed`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/files/:id/delete',
      form: 'delete',
      op: deleteMyFile,
      page: list,
      input: (_f, params) => ({ fileId: params.id }),
      done: () => '/me/files?done=deleted',
    }),
  );

  // The preview's bytes under this site's own address, since the pages' policy loads images from nowhere else.
  pages.push(
    definePage({
      method: 'GET',
      path: '/me/files/:id/preview',
      guard: 'signed-up',
      handler: async (req, reply, caller) => {
        const { id } = req.params as { id: string };
        const preview = await callAs(deps.bus, req, caller, previewMyFile, { fileId: id });
        if (preview.kind !== 'image') throw AppError.notFound(preview.reason);
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .type(preview.mimeType)
          .send(Buffer.from(preview.data, 'base64'));
      },
    }),
  );

  pages.push(
    downloadLink('/me/files/:id/download', (req, caller) => callAs(deps.bus, req, caller, downloadMyFile, { fileId: (req.params as { id: string }).id })),
  );
  return pages;
}
