import { AppError, type Caller, deleteJobFile, downloadJobFile, getJob, listJobFiles, previewJobFile, setJobFileAccess } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { byteSize, uploadForm } from '../kit/file-upload-form.js';
import { downloadLink, formAction, sessionPage } from '../kit/form-action.js';
import { html } from '../kit/layout.js';
import { callAs, definePage, doneNotice, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { uploadsTo } from '../kit/upload-store.js';
import { soft } from '../posting/posting-my-jobs.js';
import {
  accessPart,
  deleteForm,
  filePath,
  filesPath,
  FOLDER_NAMES,
  folderSection,
  type JobFiles,
  readable,
  readsAsText,
  stateOf,
  usage,
} from './job-files-parts.js';

const DONE = {
  uploaded: 'Your file is uploaded.',
  deleted: 'The file is being deleted; it leaves the list once its storage is freed.',
  'access-on': 'The hired worker can now use the job files.',
  'access-off': 'The hired worker can no longer reach the job files.',
} as const;

const CLOSED = "This job's files are closed (the job was closed or its poster's account deleted): they can no longer be downloaded or changed.";

const FOLDER_ABOUT = {
  poster: { poster: 'What you share with the worker. You may delete any file here.', worker: 'What the poster shares with you.' },
  worker: {
    poster: 'What the hired worker adds. You may delete a file here unless it was turned in with the work.',
    worker: 'What you add for the poster; turn files in from the work page. You may delete your files until they are turned in.',
  },
} as const;

/** The job's files as this member sees them (the files service refuses anyone else), with the job's title when it reads. */
async function read(deps: PageDeps, req: FastifyRequest, caller: Caller) {
  const { id } = req.params as { id: string };
  const [files, job] = await Promise.all([callAs(deps.bus, req, caller, listJobFiles, { id }), callAs(deps.bus, req, caller, getJob, { id }).catch(soft)]);
  return { files, title: job?.title ?? 'this job' };
}

/** The way back: the poster to their job's page, the worker to the work page. */
const backLinks = (files: JobFiles) =>
  files.role === 'poster'
    ? html`<a href="/me/jobs/${files.jobId}">Your job's page</a>${files.hireId ? html` · <a href="/jobs/${files.jobId}/work">Work page</a>` : ''}`
    : html`<a href="/jobs/${files.jobId}/work">Work page</a> · <a href="/jobs/${files.jobId}">The job page</a>`;

const listPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Job files', async () => {
      const { files, title } = await read(deps, req, caller);
      const into = files.role === 'poster' ? 'Files you upload go to the poster folder.' : 'Files you upload go to the worker folder.';
      return memberPage(reply, {
        title: `Files: ${title}`,
        status,
        ...(files.closed ? {} : { scripts: ['file-upload'], ...uploadsTo(deps.uploadStore) }),
        body: html`<h1>Files: ${title}</h1>
${noticeOf(state.notice ?? doneNotice(req, DONE))}
<p class="meta">${backLinks(files)}</p>
<p>Private to the poster and the hired worker they share them with. ${usage(files)}</p>
${accessPart(files)}
${
  files.closed
    ? html`<p class="notice">${CLOSED}</p>`
    : uploadForm({ api: `/api/jobs/${files.jobId}/files`, page: filesPath(files.jobId), store: deps.uploadStore, into })
}
${folderSection(files, 'poster', FOLDER_ABOUT.poster[files.role])}
${folderSection(files, 'worker', FOLDER_ABOUT.worker[files.role])}`,
      });
    });

/** One file: its image preview, or the beginning of a text file, the download and the delete where allowed. */
const filePage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Job file', async () => {
      const { fileId } = req.params as { fileId: string };
      const { files, title } = await read(deps, req, caller);
      const file = files.files.find((f) => f.id === fileId);
      if (!file) throw AppError.notFound("No such file among this job's files.");
      const asText = readsAsText(files, file);
      const preview = readable(files, file) && !asText ? await callAs(deps.bus, req, caller, previewJobFile, { id: files.jobId, fileId }) : null;
      const here = filePath(files.jobId, file.id);
      return memberPage(reply, {
        title: file.path,
        status,
        ...(asText ? { scripts: ['text-preview'] } : {}),
        body: html`<h1>${file.path}</h1>
${noticeOf(state.notice ?? doneNotice(req, DONE))}
<p class="meta">${FOLDER_NAMES[file.folder]} of <a href="${filesPath(files.jobId)}">the files of ${title}</a> · ${byteSize(file.size)} · added ${when(file.createdAt)} · ${stateOf(files, file)}</p>
${
  asText
    ? html`<section class="part" aria-labelledby="text-heading" id="text-preview" data-src="${here}/download" hidden>
<h2 id="text-heading">Beginning of the file</h2>
<pre tabindex="0" aria-labelledby="text-heading"><code id="text-preview-body"></code></pre>
<p class="note" id="text-preview-more" hidden>Only the beginning is shown; download the file for the rest.</p></section>`
    : ''
}
${
  preview?.kind === 'image'
    ? html`<figure class="file-preview"><img src="${here}/preview" alt="Preview of ${file.path}"><figcaption class="note">A smaller copy of the image.</figcaption></figure>`
    : preview
      ? html`<p class="note">No preview: ${preview.reason}</p>`
      : ''
}
${files.closed ? html`<p class="notice">${CLOSED}</p>` : ''}
<p>${readable(files, file) ? html`<a class="button" href="${here}/download">Download</a> ` : ''}${deleteForm(files.jobId, file)}</p>
<p><a href="${filesPath(files.jobId)}">All the job's files</a></p>`,
      });
    });

/**
 * A job's files for its poster and the hired worker given access: the list by folder with the
 * upload (the file-upload script over the job files API), each file's page with its preview,
 * download and delete, and the poster's access switch.
 */
export function jobFilesPages(deps: PageDeps): PageDefinition[] {
  const list = listPage(deps);
  const one = filePage(deps);
  return [
    sessionPage('/jobs/:id/files', list),
    sessionPage('/jobs/:id/files/:fileId', one),
    formAction(deps, {
      path: '/jobs/:id/files/:fileId/delete',
      form: 'delete',
      op: deleteJobFile,
      page: list,
      input: (_f, params) => ({ id: params.id, fileId: params.fileId }),
      done: (_out, params) => `${filesPath(params.id!)}?done=deleted`,
    }),
    formAction(deps, {
      path: '/jobs/:id/files/access',
      form: 'file-access',
      op: setJobFileAccess,
      page: list,
      input: (form, params) => ({ id: params.id, allowed: form.allowed === 'true' }),
      done: (out, params) => `${filesPath(params.id!)}?done=${out.workerAccess ? 'access-on' : 'access-off'}`,
    }),
    // The preview's bytes under this site's own address, since the pages' policy loads images from nowhere else.
    definePage({
      method: 'GET',
      path: '/jobs/:id/files/:fileId/preview',
      guard: 'signed-in',
      handler: async (req, reply, caller) => {
        const { id, fileId } = req.params as { id: string; fileId: string };
        const preview = await callAs(deps.bus, req, caller, previewJobFile, { id, fileId });
        if (preview.kind !== 'image') throw AppError.notFound(preview.reason);
        return reply
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .type(preview.mimeType)
          .send(Buffer.from(preview.data, 'base64'));
      },
    }),
    // Any ready file of either folder (turned-in ones too); the files service decides who may have it.
    downloadLink('/jobs/:id/files/:fileId/download', (req, caller) => {
      const { id, fileId } = req.params as { id: string; fileId: string };
      return callAs(deps.bus, req, caller, downloadJobFile, { id, fileId });
    }),
  ];
}
