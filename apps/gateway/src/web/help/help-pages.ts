import {
  APPEAL_TOPIC,
  type Caller,
  contactForHelp,
  CONTENT_KINDS,
  CONTENT_REPORT_REASONS,
  HELP_TOPIC_NAMES,
  HELP_TOPICS,
  reportContent,
  reportProblem,
  submitFeatureRequest,
  SUPPORT_TOPICS,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { formAction, sessionPage } from '../kit/form-action.js';
import { filled, selectInput, textArea, textInput } from '../kit/form-fields.js';
import { html } from '../kit/layout.js';
import { doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps } from '../kit/page.js';
import { suspensionNotice } from '../kit/suspension-notice.js';
import { myHelpRequestsPages } from './my-help-requests-page.js';

const REASON_NAMES: Record<(typeof CONTENT_REPORT_REASONS)[number], string> = {
  spam: 'Spam',
  scam: 'A scam',
  harassment: 'Harassment',
  hateful: 'Hateful',
  sexual: 'Sexual content',
  violence: 'Violence',
  personal_information: "Someone's personal information",
  credentials: 'Passwords, keys or other credentials',
  illegal: 'Illegal',
  other: 'Something else',
};

const KIND_NAMES: Record<(typeof CONTENT_KINDS)[number], string> = { job: 'job', comment: 'comment', member: 'member', message: 'message' };

const NOTICES = {
  help: 'Your request is with the team. They answer by email, and their reply shows under My help requests.',
  // Money already moved is support's to put right, as the API's error bodies say too.
  support: 'Your request is with support, who handle refunds, chargebacks and payments. They answer by email, and their reply shows under My help requests.',
  problem: 'Thank you: the problem is reported to the team.',
  feature: 'Thank you: your idea is with the team.',
} as const;

/** The topic the form starts on: asked for in the address (?topic=appeal), else an appeal while suspended. */
function topicOf(req: FastifyRequest, caller: Caller): (typeof HELP_TOPICS)[number] {
  const asked = (req.query as Record<string, unknown>).topic;
  if ((HELP_TOPICS as readonly unknown[]).includes(asked)) return asked as (typeof HELP_TOPICS)[number];
  return caller.suspended ? APPEAL_TOPIC : 'question';
}

const NEVER = 'Never write a card number, password or key: the form refuses them.';

/** Help: asking the team, reporting a problem, asking for a feature, and reporting content to the moderators. */
export function helpPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const help = async (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status = 200) =>
    memberPage(reply, {
      title: 'Help',
      status,
      body: html`
<h1>Help</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
${suspensionNotice(caller)}
<section class="part" aria-labelledby="help-heading"><h2 id="help-heading">Ask the team</h2>
<p class="note">For refunds, chargebacks and payments, choose that topic: support answers those. <a href="/me/help-requests">My help requests</a> shows what you asked and the replies.</p>
<form method="post" action="/help/contact" novalidate>
${selectInput({ form: 'help', name: 'topic', label: 'What is it about?', required: true, options: HELP_TOPICS.map((t) => [t, HELP_TOPIC_NAMES[t]] as const), value: topicOf(req, caller) }, state)}
${textArea({ form: 'help', name: 'message', label: 'What happened and what you need', required: true, maxlength: 4000, hint: NEVER }, state)}
${textInput({ form: 'help', name: 'jobId', label: 'Job id (optional)', hint: 'The id in the address of the job page.' }, state)}
<button type="submit">Send to the team</button>
</form></section>
<section class="part" aria-labelledby="problem-heading"><h2 id="problem-heading">Report a problem with the site</h2>
<form method="post" action="/help/problem" novalidate>
${textArea({ form: 'problem', name: 'description', label: 'What you did, what you expected and what happened', required: true, maxlength: 4000, hint: NEVER }, state)}
<button type="submit">Report the problem</button>
</form></section>
<section class="part" aria-labelledby="feature-heading"><h2 id="feature-heading">Ask for a feature</h2>
<form method="post" action="/help/feature" novalidate>
${textInput({ form: 'feature', name: 'title', label: 'The feature in one line', required: true, maxlength: 120 }, state)}
${textArea({ form: 'feature', name: 'description', label: 'What it should do and why', required: true, maxlength: 4000 }, state)}
<button type="submit">Send the idea</button>
</form></section>
<p class="note">To report a job, comment, member or message, use the Report link next to it. <a href="/me/reports">Your reports</a></p>`,
    });

  pages.push(sessionPage('/help', help));
  pages.push(
    formAction(deps, {
      path: '/help/contact',
      form: 'help',
      op: contactForHelp,
      page: help,
      input: (f) => ({ topic: f.topic, message: f.message ?? '', ...(filled(f.jobId) ? { jobId: filled(f.jobId) } : {}) }),
      done: (out) => `/help?done=${SUPPORT_TOPICS.includes(out.topic) ? 'support' : 'help'}`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/help/problem',
      form: 'problem',
      op: reportProblem,
      page: help,
      input: (f) => ({ channel: 'web', description: f.description ?? '' }),
      done: () => '/help?done=problem',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/help/feature',
      form: 'feature',
      op: submitFeatureRequest,
      page: help,
      input: (f) => ({ title: f.title ?? '', description: f.description ?? '' }),
      done: () => '/help?done=feature',
    }),
  );

  const report = async (req: FastifyRequest, reply: FastifyReply, _caller: Caller, state: FormState, status = 200) => {
    const { kind, id } = req.params as { kind: string; id: string };
    const known = (CONTENT_KINDS as readonly string[]).includes(kind);
    return memberPage(reply, {
      title: 'Report to the moderators',
      status: known ? status : 404,
      body: known
        ? html`
<h1>Report this ${KIND_NAMES[kind as (typeof CONTENT_KINDS)[number]]} to the moderators</h1>
${noticeOf(state.notice)}
<p class="note">Moderators read every report. The owner is not told who reported it.</p>
<form method="post" action="/report/${kind}/${id}" novalidate>
${selectInput({ form: 'report', name: 'reason', label: 'What is wrong with it?', required: true, options: CONTENT_REPORT_REASONS.map((r) => [r, REASON_NAMES[r]] as const), value: 'spam' }, state)}
${textArea({ form: 'report', name: 'details', label: 'Details (optional)', maxlength: 2000, rows: 4 }, state)}
<button type="submit">Send the report</button>
</form>`
        : html`<h1>Nothing to report here</h1><p>Only jobs, comments, members and messages can be reported.</p>`,
    });
  };
  pages.push(sessionPage('/report/:kind/:id', report));
  pages.push(
    formAction(deps, {
      path: '/report/:kind/:id',
      form: 'report',
      op: reportContent,
      page: report,
      input: (f, p) => ({ kind: p.kind, itemId: p.id, reason: f.reason, ...(filled(f.details) ? { details: filled(f.details) } : {}) }),
      done: () => '/me/reports?done=reported',
    }),
  );
  pages.push(...myHelpRequestsPages(deps));
  return pages;
}
