import { discardJobDraft, listJobDrafts, startJobDraft } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { filled, selectInput, textArea } from '../kit/form-fields.js';
import { html } from '../kit/layout.js';
import { callAs, doneNotice, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { listPageOf, pageLinks } from '../kit/paging.js';
import { ANSWER_MAX } from './draft-interview.js';
import { VISIBILITY_OPTIONS } from './draft-review.js';

/** The list of a member's open drafts (/me/drafts) and the start of a new one (/me/drafts/new). */

const LIST_NOTICES = { discarded: 'The draft is discarded.' };

export function draftListPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const list: PageRender = (req, reply, caller, state, status) =>
    guarded(reply, 'Your job drafts', async () => {
      const page = listPageOf(req);
      const { drafts, total } = await callAs(deps.bus, req, caller, listJobDrafts, page);
      return memberPage(reply, {
        status,
        title: 'Your job drafts',
        body: html`<h1>Your job drafts</h1>
${noticeOf(state.notice ?? doneNotice(req, LIST_NOTICES))}
<p>A draft asks you about the job, researches it and writes the posting for you to approve part by part.</p>
<p><a class="button" href="/me/drafts/new">Start a draft</a></p>
${
  drafts.length
    ? html`<ul class="cards">${drafts.map(
        (d) => html`<li class="card" id="draft-${d.id}">
<h2><a href="${d.previewPath}">${d.title ?? 'Untitled draft'}</a></h2>
<p class="meta">Readiness ${d.readiness.score}/100 · worked on ${when(d.updatedAt)}${d.posterVisibility === 'anonymous' ? ' · anonymous' : ''}</p>
<p><strong>Next:</strong> ${d.readiness.needs}</p>
<form method="post" action="/me/drafts/${d.id}/discard" class="inline">
<button type="submit" class="secondary" aria-label="Discard the draft ${d.title ?? 'Untitled draft'}">Discard</button>
</form>
</li>`,
      )}</ul>`
    : html`<p class="note">You have no open drafts${page.offset ? ' on this page' : ''}.</p>`
}
${pageLinks('/me/drafts', '', page, total)}`,
      });
    });

  const start: PageRender = async (_req, reply, _caller, state, status) =>
    memberPage(reply, {
      status,
      title: 'Start a job draft',
      body: html`<h1>Start a job draft</h1>
${noticeOf(state.notice)}
<p>Say what you need done (the context is optional); the draft then researches the job and asks a few more questions.</p>
<form method="post" action="/me/drafts/new" id="start">
${textArea({ form: 'start', name: 'context', label: 'What context can you share?', hint: 'Optional: who you are, the project, the tools or systems involved.', errorKey: 'answers.context', maxlength: ANSWER_MAX, rows: 4 }, state)}
${textArea({ form: 'start', name: 'problem', label: 'What problem are you facing, or what result do you want?', hint: 'Describe the outcome you would pay for.', errorKey: 'answers.problem', maxlength: ANSWER_MAX, rows: 4, required: true }, state)}
${selectInput({ form: 'start', name: 'posterVisibility', label: 'Once posted, appear as', value: 'public', options: VISIBILITY_OPTIONS }, state)}
<button type="submit">Start the draft</button>
</form>
<p><a href="/me/drafts">Your drafts</a></p>`,
    });

  pages.push(sessionPage('/me/drafts', list));
  pages.push(sessionPage('/me/drafts/new', start));
  pages.push(
    formAction(deps, {
      path: '/me/drafts/new',
      form: 'start',
      op: startJobDraft,
      page: start,
      input: (f) => ({ answers: { context: filled(f.context), problem: filled(f.problem) }, posterVisibility: f.posterVisibility }),
      done: (draft) => `${draft.previewPath}?done=started`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/drafts/:id/discard',
      form: 'discard',
      op: discardJobDraft,
      page: list,
      input: (_f, p) => ({ id: p.id }),
      done: () => '/me/drafts?done=discarded',
    }),
  );
  return pages;
}
