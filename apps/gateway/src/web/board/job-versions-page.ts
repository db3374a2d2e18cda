import { getJobVersion, listJobVersions } from '@marketplace/contracts';

import { notFoundPage, readFailedPage } from '../kit/error-pages.js';
import { html, sendPage } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { callAs, definePage, type PageDefinition, type PageDeps, when } from '../kit/page.js';
import { NO_SUCH_JOB } from './board-pages.js';

/**
 * A job's published versions, public like the job: what an applicant applied to is readable after
 * the poster edits the job (applications name the version they were sent against).
 */
export function jobVersionPages(deps: Pick<PageDeps, 'bus'>): PageDefinition[] {
  const versions = definePage({
    method: 'GET',
    path: '/jobs/:id/versions',
    guard: 'visitor',
    handler: async (req, reply, caller) => {
      const { id } = req.params as { id: string };
      try {
        const { versions } = await callAs(deps.bus, req, caller, listJobVersions, { id });
        const newest = [...versions].sort((a, b) => b.version - a.version);
        return sendPage(reply, {
          title: 'Versions',
          signedIn: !!caller,
          body: html`
<nav aria-label="Breadcrumb"><p class="meta"><a href="/jobs/${id}">The job</a> › Versions</p></nav>
<h1>Versions of ${newest[0]?.title ?? 'this job'}</h1>
<p class="note">Each edit publishes a new version; applications say which version they answered.</p>
<ul class="cards">${newest.map(
            (v) => html`<li class="card" id="version-${v.version}"><h2><a href="/jobs/${id}/versions/${v.version}">Version ${v.version}</a></h2>
<p class="meta">${v.title} · published ${when(v.createdAt)}</p></li>`,
          )}</ul>`,
        });
      } catch (err) {
        return readFailedPage(reply, err, caller, req.url, NO_SUCH_JOB);
      }
    },
  });

  const version = definePage({
    method: 'GET',
    path: '/jobs/:id/versions/:version',
    guard: 'visitor',
    handler: async (req, reply, caller) => {
      const { id, version } = req.params as { id: string; version: string };
      try {
        const number = Number(version);
        if (!Number.isInteger(number) || number < 1) throw new RangeError(version);
        const v = await callAs(deps.bus, req, caller, getJobVersion, { id, version: number });
        return sendPage(reply, {
          title: `${v.title}, version ${v.version}`,
          signedIn: !!caller,
          body: html`
<nav aria-label="Breadcrumb"><p class="meta"><a href="/jobs/${id}">The job</a> › <a href="/jobs/${id}/versions">Versions</a> › Version ${v.version}</p></nav>
<article aria-labelledby="job-title"><h1 id="job-title">${v.title}</h1>
<p class="meta">Version ${v.version} · published ${when(v.createdAt)}</p>
<div class="markdown">${renderMarkdown(v.constraints)}</div></article>`,
        });
      } catch (err) {
        const noSuchVersion = { title: 'No such version', text: 'This job has no such version, or it is not open or completed.' };
        if (err instanceof RangeError) return notFoundPage(reply, { ...noSuchVersion, signedIn: !!caller });
        return readFailedPage(reply, err, caller, req.url, noSuchVersion);
      }
    },
  });

  return [versions, version];
}
