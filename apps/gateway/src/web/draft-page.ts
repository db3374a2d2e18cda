import type { FastifyInstance } from 'fastify';
import { DRAFT_PARTS, getJobDraft, OPENING_QUESTIONS, type OutputOf } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit';
import type { Authenticator } from '../auth/authenticator.js';
import { problem } from './board-pages.js';
import { html, sendPage, type Raw } from './layout.js';
import { renderMarkdown } from './markdown.js';

type JobDraft = OutputOf<typeof getJobDraft>;

const PART_NAMES: Record<(typeof DRAFT_PARTS)[number], string> = {
  evaluation: 'Job eval', summary: 'Title and category', details: 'Description', visibility: 'Who you appear as',
};

/**
 * The poster's page for a draft (its `previewPath`): what the interview has so far and the posting
 * as it would appear, read through get_job_draft as the signed-in member, so only the owner sees it.
 */
export function registerDraftPage(app: FastifyInstance, deps: { bus: BusClient; auth: Authenticator }): Map<string, Set<string>> {
  app.get('/drafts/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const caller = await deps.auth.sessionCaller(req, reply).catch(() => null);
    try {
      const draft = await deps.bus.call(getJobDraft, { id }, { requestId: req.id, caller, surface: 'rest' });
      return sendPage(reply, { title: draft.posting?.title ?? 'Job draft', signedIn: !!caller, body: draftPage(draft) });
    } catch (err) {
      return problem(reply, err, caller, req.url, 'No such draft', 'There is no draft of yours with this id.');
    }
  });
  return new Map([['/drafts/:id', new Set(['GET'])]]);
}

function draftPage(d: JobDraft): Raw {
  const pending = Object.entries(d.tasks).filter(([, t]) => t?.status === 'pending').map(([name]) => name);
  return html`<h1>${d.posting?.title ?? 'Job draft'}</h1>
<p class="meta">${d.status === 'posted' && d.jobId ? html`Posted: <a href="/jobs/${encodeURIComponent(d.jobId)}">see the job</a>` : `Draft, ${d.status}`}
 · readiness ${d.readiness.score}/100 · ${d.readiness.needs}</p>
${pending.length ? html`<p class="notice" role="status">Working on: ${pending.join(', ')}. Reload in a few seconds.</p>` : ''}
${d.postingStale ? html`<p class="notice" role="alert">Answers changed after this was written; write it again before approving.</p>` : ''}
${answers(d)}
${d.nextQuestion ? html`<section class="part"><h2>Next question</h2><p>${d.nextQuestion.question}</p><p class="note">${d.nextQuestion.hint}</p></section>` : ''}
${d.review ? html`<section class="part"><h2>Review</h2><ol>${DRAFT_PARTS.map((p) => html`<li>${PART_NAMES[p]}: ${d.review![p].approved ? 'approved' : 'waiting'}</li>`)}</ol></section>` : ''}
${d.posting ? html`<section class="part"><h2>Description</h2>${renderMarkdown(d.posting.description)}</section>` : ''}`;
}

function answers(d: JobDraft): Raw {
  const asked = [
    ...Object.entries(OPENING_QUESTIONS).map(([id, q]) => ({ id, question: q.question })),
    ...d.followUps.map((f) => ({ id: f.id, question: f.question })),
  ].filter((q) => d.answers[q.id]);
  if (!asked.length) return html``;
  return html`<section class="part"><h2>Your answers</h2><dl>${asked.map((q) => html`<dt>${q.question}</dt><dd>${d.answers[q.id]}</dd>`)}</dl></section>`;
}
