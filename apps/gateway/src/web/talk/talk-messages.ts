import { AppError, type Caller, listJobApplications, listMessages, listMyApplications, type OutputOf, sendMessage } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { textArea } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { findInPages } from '../kit/paging.js';

type Conversation = Extract<OutputOf<typeof listMessages>, { messages: unknown }>;
type Inbox = Extract<OutputOf<typeof listMessages>, { conversations: unknown }>;
type Message = Conversation['messages'][number];

/** The most the inbox shows: the operation's own ceiling. */
const INBOX_SIZE = 100;
/** Messages per page of a conversation; older ones are a link away. */
const PAGE_SIZE = 50;
const EXCERPT = 140;
/** Applications whose conversation takes no new messages (the service answers 409 for them). */
const CLOSED = new Set(['declined', 'withdrawn']);

const roleText = (c: { role: 'poster' | 'applicant' }) => (c.role === 'poster' ? 'Applicant to your job' : 'You applied');

const excerpt = (m: Message) => (m.removed ? 'Removed by moderators.' : m.body.length > EXCERPT ? `${m.body.slice(0, EXCERPT)}…` : m.body);

function inboxItem(c: Inbox['conversations'][number]): Raw {
  const unread = c.unread > 0 ? html` <span class="tag unread">${c.unread} unread</span>` : '';
  return html`<li class="card conversation" id="conversation-${c.applicationId}">
<h2><a href="/me/messages/${c.applicationId}">${c.job.title}</a>${unread}</h2>
<p class="meta">${roleText(c)} · with ${c.with.name} · ${when(c.lastMessage.createdAt)}</p>
<p class="excerpt">${c.lastMessage.mine ? 'You: ' : ''}${excerpt(c.lastMessage)}</p>
</li>`;
}

function renderInbox(reply: FastifyReply, inbox: Inbox): FastifyReply {
  const total = inbox.conversations.reduce((n, c) => n + c.unread, 0);
  return memberPage(reply, {
    title: 'Messages',
    body: html`
<h1>Messages</h1>
<p class="note">One conversation per application, with the poster or the applicant. Messages are never sent by email.${total ? html` <strong>${total} unread.</strong>` : ''}</p>
${
  inbox.conversations.length
    ? html`<ul class="cards" aria-label="Conversations">${inbox.conversations.map(inboxItem)}</ul>`
    : html`<p>No messages yet. A conversation starts from an application: to one of your jobs, or one you sent.</p>`
}`,
  });
}

function messageItem(m: Message, other: string): Raw {
  const who = m.mine ? 'You' : other;
  const read = m.mine && m.readAt ? ' · Read' : '';
  return html`<li id="message-${m.id}" class="message ${m.mine ? 'mine' : 'theirs'}">
<p class="meta">${who}${m.sentBy === 'agent' ? ' (via an agent)' : ''} · ${when(m.createdAt)}${read}</p>
${m.removed ? html`<p class="message-body muted">Removed by moderators.</p>` : html`<p class="message-body">${m.body}</p>`}
${m.mine || m.removed ? '' : html`<p class="meta"><a href="/report/message/${m.id}">Report this message</a></p>`}
</li>`;
}

/**
 * Whether the application still takes messages, from the caller's own list of it: the service
 * refuses messages on declined and withdrawn applications, so the form is not offered there.
 * Unknown (the list failed) keeps the form: the service decides when it is sent.
 */
async function closedAs(deps: PageDeps, req: FastifyRequest, caller: Caller, c: Conversation): Promise<string | null> {
  try {
    const match = (a: { id: string }) => a.id === c.applicationId;
    if (c.role === 'applicant') {
      const status = (
        await findInPages(async (page) => {
          const out = await callAs(deps.bus, req, caller, listMyApplications, page);
          return { items: out.applications, total: out.total };
        }, match)
      )?.status;
      return status && CLOSED.has(status) ? status : null;
    }
    const theirs = await findInPages(async (page) => {
      const out = await callAs(deps.bus, req, caller, listJobApplications, { id: c.job.id, ...page });
      return { items: out.applications, total: out.total };
    }, match);
    // The poster's list leaves withdrawn applications out.
    const status = theirs?.status ?? 'withdrawn';
    return CLOSED.has(status) ? status : null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

function sendForm(c: Conversation, state: FormState): Raw {
  return html`<form method="post" action="/me/messages/${c.applicationId}" id="message-form" class="message-form">
${textArea(
  {
    form: 'message',
    name: 'body',
    label: `Message to ${c.with.name}`,
    maxlength: 4000,
    rows: 4,
    hint: 'Plain text, up to 4,000 characters; line breaks are kept.',
  },
  state,
)}
<button type="submit">Send</button>
</form>`;
}

function conversationPage(deps: PageDeps): PageRender {
  return (req, reply, caller, state, status) =>
    guarded(reply, 'Messages', async () => {
      const { applicationId } = req.params as { applicationId: string };
      const before = (req.query as Record<string, unknown>).before;
      const out = (await callAs(deps.bus, req, caller, listMessages, {
        applicationId,
        limit: PAGE_SIZE,
        ...(typeof before === 'string' ? { before } : {}),
      })) as Conversation;
      const closed = await closedAs(deps, req, caller, out);
      const notice = state.notice ?? doneNotice(req, { sent: 'Sent.' });
      const older = out.nextBefore
        ? html`<p><a href="/me/messages/${out.applicationId}?before=${encodeURIComponent(out.nextBefore)}">Older messages</a></p>`
        : '';
      const newer = typeof before === 'string' ? html`<p><a href="/me/messages/${out.applicationId}">Newest messages</a></p>` : '';
      return memberPage(reply, {
        title: `Messages · ${out.job.title}`,
        status: status ?? 200,
        scripts: ['live-messages'],
        body: html`
<p class="meta"><a href="/me/messages">Messages</a></p>
<h1>${out.job.title}</h1>
<p class="meta">${roleText(out)} · with ${out.with.name} · <a href="/jobs/${out.job.id}">Job page</a></p>
${older}
${
  out.messages.length
    ? html`<ol class="messages" id="messages" aria-label="Messages, oldest first" aria-live="polite" data-live="${before === undefined ? 'on' : 'off'}">${out.messages.map((m) => messageItem(m, out.with.name))}</ol>`
    : html`<p id="no-messages">No messages yet. Write the first one below.</p><ol class="messages" id="messages" aria-label="Messages, oldest first" aria-live="polite" data-live="on"></ol>`
}
${newer}
${noticeOf(notice)}
${closed ? html`<p class="notice">This application was ${closed}; its conversation is closed to new messages.</p>` : sendForm(out, state)}`,
      });
    });
}

/** /me/messages (the inbox) and /me/messages/{applicationId} (one conversation and its send form). */
export function messagePages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(
    sessionPage('/me/messages', (req, reply, caller) =>
      guarded(reply, 'Messages', async () => renderInbox(reply, (await callAs(deps.bus, req, caller, listMessages, { limit: INBOX_SIZE })) as Inbox)),
    ),
  );

  const page = conversationPage(deps);
  pages.push(sessionPage('/me/messages/:applicationId', page));
  pages.push(
    formAction(deps, {
      path: '/me/messages/:applicationId',
      form: 'message',
      op: sendMessage,
      page,
      input: (form, params) => ({ applicationId: params.applicationId, body: form.body ?? '' }),
      done: (_out, params) => `/me/messages/${encodeURIComponent(params.applicationId!)}?done=sent#notice`,
    }),
  );
  return pages;
}
