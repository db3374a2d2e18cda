import {
  approveDraftPart,
  type Caller,
  createRecordingLink,
  getJobDraft,
  postJobDraft,
  reviewJobRecording,
  updateJobDraft,
  writeJobDescription,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, type FormActionSpec, sessionPage } from '../kit/form-action.js';
import { filled, lines, ticked } from '../kit/form-fields.js';
import { html } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender } from '../kit/page.js';
import { answersPart, isOpen, type JobDraft, questionPart, researchPart, tasksPart } from './draft-interview.js';
import { draftListPages } from './draft-list.js';
import { type RecordingLink, recordingPart } from './draft-recording.js';
import { postPart, reviewPart, writingPart } from './draft-review.js';

/** The guided draft at its previewPath: answers, follow-up questions, research, part-by-part approval, exposures, the walkthrough recording. */

const NOTICES = {
  started: 'Your draft is started. Research and follow-up questions are on their way.',
  answered: 'Answer saved.',
  changed: 'Answer changed.',
  corrected: 'Correction saved; it is used when the description is written.',
  writing: 'Writing the description. This page updates when it is done.',
  approved: 'Approved.',
  edited: 'Saved. Approve the edited part again.',
  'recording-approved': 'The recording is approved.',
  'recording-deleted': 'The recording is deleted.',
};

function statusLine(d: JobDraft): string {
  if (d.status === 'posted') return 'Posted';
  if (d.status === 'discarded') return 'Discarded';
  return `Readiness ${d.readiness.score}/100`;
}

function draftBody(d: JobDraft, req: FastifyRequest, state: FormState, link?: RecordingLink) {
  return html`<div id="draft">
<p class="meta"><a href="/me/drafts">Your drafts</a></p>
<h1>${d.posting?.title ?? 'Job draft'}</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
<p class="meta">${statusLine(d)}${d.posterVisibility === 'anonymous' ? ' · anonymous once posted' : ''}</p>
${d.status === 'posted' && d.jobId ? html`<p>This draft is posted: <a href="/jobs/${d.jobId}">see the job</a>.</p>` : ''}
${isOpen(d) ? html`<p><strong>Next:</strong> ${d.readiness.needs}</p>` : ''}
${tasksPart(d)}
${questionPart(d, state)}
${writingPart(d)}
${reviewPart(d, state)}
${postPart(d, state)}
${answersPart(d, state)}
${researchPart(d, state)}
${recordingPart(d, state, link)}
</div>
<p id="live-status" class="note" role="status"></p>`;
}

async function showDraft(
  deps: PageDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  state: FormState,
  status?: number,
  link?: RecordingLink,
): Promise<FastifyReply> {
  const { id } = req.params as { id: string };
  return guarded(reply, 'Job draft', async () => {
    const d = await callAs(deps.bus, req, caller, getJobDraft, { id });
    return memberPage(reply, { status, title: d.posting?.title ?? 'Job draft', body: draftBody(d, req, state, link), scripts: ['draft-status'] });
  });
}

type DraftForm = Omit<FormActionSpec<typeof updateJobDraft>, 'op' | 'page' | 'done'> & { done: keyof typeof NOTICES };

export function draftPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(...draftListPages(deps));
  const page: PageRender = (req, reply, caller, state, status) => showDraft(deps, req, reply, caller, state, status);
  const back = (done: string) => (_out: unknown, p: Record<string, string>) => `/drafts/${p.id}?done=${done}`;
  pages.push(sessionPage('/drafts/:id', page));

  // Every change to answers and the written posting is one updateJobDraft with different fields.
  const updates: DraftForm[] = [
    {
      path: '/drafts/:id/answers',
      form: 'answer',
      done: 'answered',
      input: (f, p) => ({ id: p.id, answers: { [f.key ?? '']: filled(f.text) ?? f.choice ?? '' } }),
    },
    { path: '/drafts/:id/answers/edit', form: 'edit-answer', done: 'changed', input: (f, p) => ({ id: p.id, answers: { [f.key ?? '']: f.text ?? '' } }) },
    {
      path: '/drafts/:id/research-correction',
      form: 'research',
      done: 'corrected',
      input: (f, p) => ({ id: p.id, researchCorrection: f.researchCorrection ?? '' }),
    },
    {
      path: '/drafts/:id/posting',
      form: 'posting',
      done: 'edited',
      input: (f, p) => ({ id: p.id, title: f.title ?? '', category: f.category, description: f.description ?? '' }),
    },
    { path: '/drafts/:id/visibility', form: 'visibility', done: 'edited', input: (f, p) => ({ id: p.id, posterVisibility: f.posterVisibility }) },
  ];
  for (const spec of updates) pages.push(formAction(deps, { ...spec, op: updateJobDraft, page, done: back(spec.done) }));

  pages.push(
    formAction(deps, {
      path: '/drafts/:id/writing',
      form: 'write',
      op: writeJobDescription,
      page,
      input: (_f, p) => ({ id: p.id }),
      done: back('writing'),
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/drafts/:id/approvals',
      form: 'approve',
      op: approveDraftPart,
      page,
      input: (f, p) => ({ id: p.id, part: f.part }),
      done: back('approved'),
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/drafts/:id/post',
      form: 'post',
      op: postJobDraft,
      page,
      input: (f, p) => ({ id: p.id, acknowledgeExposures: ticked(f.acknowledgeExposures), preferredWorkers: lines(f.preferredWorkers) }),
      done: (job) => `/jobs/${job.id}`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/drafts/:id/recording-link',
      form: 'recording-link',
      op: createRecordingLink,
      page,
      input: (_f, p) => ({ id: p.id }),
      done: (_out, p) => `/drafts/${p.id}`,
      // The link carries its token: it is shown in this answer only, never put in a redirect's URL.
      shown: (link, req, reply, caller) => showDraft(deps, req, reply, caller, {}, 201, link),
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/drafts/:id/recording-review',
      form: 'recording-review',
      op: reviewJobRecording,
      page,
      input: (f, p) => ({
        id: p.id,
        action: f.action,
        acknowledgeFindings: ticked(f.acknowledgeFindings),
        // Checkboxes are named moment-<id>, since a form body keeps one value per name.
        acceptedMoments: Object.keys(f)
          .filter((k) => k.startsWith('moment-') && ticked(f[k]))
          .map((k) => k.slice('moment-'.length)),
      }),
      done: (out, p) => `/drafts/${p.id}?done=${out ? 'recording-approved' : 'recording-deleted'}`,
    }),
  );
  return pages;
}
