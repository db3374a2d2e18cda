import { listMyNotifications, markAllNotificationsRead, markNotificationRead, NOTIFICATIONS_KEPT_DAYS, type OutputOf } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

import { formAction } from '../kit/form-action.js';
import { html, type Raw } from '../kit/layout.js';
import { offsetOf, type PageDefinition, type PageDeps, pager, type PageRender, when } from '../kit/page.js';

type History = OutputOf<typeof listMyNotifications>;
type Notification = History['notifications'][number];

/** Notifications on one page of the history. */
export const HISTORY_PAGE = 20;

/** Which part of the history the page shows: `?show=unread`, or everything. */
export interface HistoryView {
  offset: number;
  unreadOnly: boolean;
}

export function historyViewOf(req: FastifyRequest): HistoryView {
  return { offset: offsetOf(req), unreadOnly: (req.query as Record<string, unknown>).show === 'unread' };
}

export function historyInput(view: HistoryView) {
  return { limit: HISTORY_PAGE, offset: view.offset, ...(view.unreadOnly ? { unread: true } : {}) };
}

/** The page's own address for a view, so a form sends the person back where they were. */
function viewPath(view: HistoryView, done?: string): string {
  const query = [view.unreadOnly ? 'show=unread' : '', view.offset ? `offset=${view.offset}` : '', done ? `done=${done}` : ''].filter(Boolean).join('&');
  return `/me/notifications${query ? `?${query}` : ''}`;
}

/** What a notification is about, and where to read it. */
function subjectOf(n: Notification): { heading: string; links: Raw } {
  const { jobId, applicationId, commentId, title } = n;
  const job = jobId ? html`<a href="/jobs/${jobId}">Job page</a>` : html``;
  switch (n.conversationKind) {
    case 'application': {
      const read = n.kind === 'message.sent' ? 'Read the message' : 'Messages about this application';
      return {
        heading: title ? `Application · ${title}` : 'An application',
        links: html`${applicationId ? html`<a href="/me/messages/${applicationId}">${read}</a> · ` : ''}${job}`,
      };
    }
    case 'job':
      return { heading: title ? `Job · ${title}` : 'A job', links: job };
    case 'comment_thread':
      return {
        heading: title ? `Comments · ${title}` : 'Comments on a job',
        links: jobId ? html`<a href="/jobs/${jobId}${commentId ? `#comment-${commentId}` : '#comments'}">The comments</a>` : html``,
      };
    case 'account':
      return { heading: 'Your account', links: html`<a href="/me">Your page</a>` };
  }
}

/** The view travels with each form as hidden fields, so marking read keeps the person's place. */
const viewFields = (view: HistoryView) => html`${view.unreadOnly ? html`<input type="hidden" name="show" value="unread">` : ''}
${view.offset ? html`<input type="hidden" name="offset" value="${view.offset}">` : ''}`;

function notificationItem(n: Notification, view: HistoryView): Raw {
  const { heading, links } = subjectOf(n);
  const unread = n.readAt === null;
  return html`<li class="card${unread ? ' unread' : ''}" id="notification-${n.id}">
<h3>${heading}</h3>
<p class="meta">${unread ? html`<span class="tag">Unread</span> ` : ''}${when(n.createdAt)}</p>
<p class="notification-message">${n.message}</p>
${links.value ? html`<p class="meta">${links}</p>` : ''}
${
  unread
    ? html`<form method="post" action="/me/notifications/${n.id}/read" class="actions">
${viewFields(view)}
<button type="submit" class="secondary">Mark as read</button>
</form>`
    : ''
}
</li>`;
}

/**
 * Every alert of the last days, read and unread, newest first. Only read: nothing here is
 * delivered or claimed, so the agent's once-only delivery keeps every alert it has not taken.
 */
export function historySection(history: History, view: HistoryView, renderedAt: string): Raw {
  const nextOffset = view.offset + HISTORY_PAGE < history.total ? view.offset + HISTORY_PAGE : null;
  const filters = html`<p class="actions" id="history-filter">${
    view.unreadOnly
      ? html`<a href="/me/notifications">All notifications</a> <span aria-current="page">Unread only</span>`
      : html`<span aria-current="page">All notifications</span> <a href="/me/notifications?show=unread">Unread only</a>`
  }</p>`;
  const empty = view.unreadOnly ? 'Nothing unread.' : `No notifications in the last ${NOTIFICATIONS_KEPT_DAYS} days.`;
  return html`<section aria-labelledby="history-heading">
<h2 id="history-heading">Your notifications</h2>
<p class="note">Kept ${NOTIFICATIONS_KEPT_DAYS} days, read or not. Your agent gets each alert once as well; that does not mark it read here.</p>
<p id="unread-summary">${history.unreadCount === 0 ? 'All read.' : `${history.unreadCount} unread.`}</p>
${filters}
${
  history.unreadCount > 0
    ? html`<form method="post" action="/me/notifications/read" id="read-all-form">
<input type="hidden" name="upTo" value="${renderedAt}">
${viewFields({ ...view, offset: 0 })}
<button type="submit">Mark all as read</button>
</form>`
    : ''
}
${
  history.notifications.length
    ? html`<ul class="cards" id="notification-list">${history.notifications.map((n) => notificationItem(n, view))}</ul>`
    : html`<p id="no-notifications">${view.offset ? 'Nothing on this page.' : empty}</p>`
}
${pager('/me/notifications', view.unreadOnly ? 'show=unread&' : '', view.offset, nextOffset, HISTORY_PAGE)}
</section>`;
}

/** The view a form came from, read back from its hidden fields (never trusted beyond a number and a flag). */
function formView(form: Record<string, string | undefined>): HistoryView {
  const offset = Number(form.offset ?? 0);
  return { offset: Number.isInteger(offset) && offset >= 0 && offset <= 1_000_000 ? offset : 0, unreadOnly: form.show === 'unread' };
}

/** Marking one read, and all read up to when the page was made; each sends the person back to the page. */
export function historyForms(deps: PageDeps, page: PageRender): PageDefinition[] {
  return [
    formAction(deps, {
      path: '/me/notifications/:id/read',
      form: 'history',
      op: markNotificationRead,
      page,
      input: (_form, params) => ({ id: params.id }),
      done: (_out, _params, form) => viewPath(formView(form), 'read'),
    }),
    formAction(deps, {
      path: '/me/notifications/read',
      form: 'history',
      op: markAllNotificationsRead,
      page,
      input: (form) => (form.upTo ? { upTo: form.upTo } : {}),
      done: (_out, _params, form) => viewPath({ ...formView(form), offset: 0 }, 'all-read'),
    }),
  ];
}
