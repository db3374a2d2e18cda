import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getJobVersion, listJobVersions, type Caller } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { Authenticator } from '../auth/authenticator.js';
import { problem } from './board-pages.js';
import { html, sendPage } from './layout.js';
import { renderMarkdown } from './markdown.js';
import { ctxOf, when } from './session-pages.js';
import { callOperation } from '../call/operation-call.js';

/**
 * A job's published versions, public like the job: what an applicant applied to is readable after
 * the poster edits the job (applications name the version they were sent against).
 */
export function registerJobVersionPages(app: FastifyInstance, deps: { bus: BusClient; auth: Authenticator }): Map<string, Set<string>> {
  const viewer = (req: FastifyRequest, reply: FastifyReply): Promise<Caller | null> => deps.auth.sessionCaller(req, reply).catch(() => null);

  app.get('/jobs/:id/versions', async (req, reply) => {
    const { id } = req.params as { id: string };
    const caller = await viewer(req, reply);
    try {
      const { versions } = await callOperation(deps.bus, listJobVersions, { id }, ctxOf(req, caller));
      const newest = [...versions].sort((a, b) => b.version - a.version);
      return sendPage(reply, { title: 'Versions', signedIn: !!caller, body: html`
<nav aria-label="Breadcrumb"><p class="meta"><a href="/jobs/${id}">The job</a> › Versions</p></nav>
<h1>Versions of ${newest[0]?.title ?? 'this job'}</h1>
<p class="note">Each edit publishes a new version; applications say which version they answered.</p>
<ul class="cards">${newest.map((v) => html`<li class="card" id="version-${v.version}"><h2><a href="/jobs/${id}/versions/${v.version}">Version ${v.version}</a></h2>
<p class="meta">${v.title} · published ${when(v.createdAt)}</p></li>`)}</ul>` });
    } catch (err) {
      return problem(reply, err, caller, req.url, 'No such job', 'This job does not exist, or it is not open or completed.');
    }
  });

  app.get('/jobs/:id/versions/:version', async (req, reply) => {
    const { id, version } = req.params as { id: string; version: string };
    const caller = await viewer(req, reply);
    try {
      const number = Number(version);
      if (!Number.isInteger(number) || number < 1) throw new RangeError(version);
      const v = await callOperation(deps.bus, getJobVersion, { id, version: number }, ctxOf(req, caller));
      return sendPage(reply, { title: `${v.title}, version ${v.version}`, signedIn: !!caller, body: html`
<nav aria-label="Breadcrumb"><p class="meta"><a href="/jobs/${id}">The job</a> › <a href="/jobs/${id}/versions">Versions</a> › Version ${v.version}</p></nav>
<article aria-labelledby="job-title"><h1 id="job-title">${v.title}</h1>
<p class="meta">Version ${v.version} · published ${when(v.createdAt)}</p>
<div class="markdown">${renderMarkdown(v.constraints)}</div></article>` });
    } catch (err) {
      if (err instanceof RangeError) return sendPage(reply, { status: 404, title: 'No such version', signedIn: !!caller, body: html`<h1>No such version</h1><p><a href="/jobs/${id}/versions">All versions</a></p>` });
      return problem(reply, err, caller, req.url, 'No such version', 'This job has no such version, or it is not open or completed.');
    }
  });

  return new Map([['/jobs/:id/versions', new Set(['GET'])], ['/jobs/:id/versions/:version', new Set(['GET'])]]);
}
