import {
  deleteBrowserPush, deliverNotifications, getBrowserPush, getNotificationPreferences, setNotificationPreferences, type OutputOf,
} from '@marketplace/contracts';
import { checkBox, ticked } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';

type Delivered = OutputOf<typeof deliverNotifications>;
type AlertConversation = Delivered['conversations'][number];
type Alert = AlertConversation['alerts'][number];
type BrowserPush = OutputOf<typeof getBrowserPush>;

const NOTICES = {
  preferences: 'Saved your agent notification setting.',
  'push-on': 'Push alerts are on in this browser.',
  'push-off': 'That browser gets no more push alerts.',
  'push-gone': 'That browser was not getting push alerts from you.',
};

/** What a group of alerts is about, and where to read it. */
function subjectOf(c: AlertConversation): { heading: string; links: Raw } {
  const { jobId, applicationId, commentId, title } = c.subject;
  const job = jobId ? html`<a href="/jobs/${jobId}">Job page</a>` : html``;
  switch (c.kind) {
    case 'application':
      return {
        heading: title ? `Application · ${title}` : 'An application',
        links: html`${applicationId ? html`<a href="/me/messages/${applicationId}">Messages about this application</a> · ` : ''}${job}`,
      };
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

/** A message alert links straight to the conversation it was sent in. */
function alertItem(a: Alert): Raw {
  const read = a.kind === 'message.sent' && a.applicationId ? html` <a href="/me/messages/${a.applicationId}">Read the message</a>` : '';
  return html`<li class="alert"><p>${a.message}${read}</p><p class="meta">${when(a.createdAt)}</p></li>`;
}

function alertGroup(c: AlertConversation): Raw {
  const { heading, links } = subjectOf(c);
  return html`<li class="card" id="alerts-${c.conversationKey.replace(/[^A-Za-z0-9_-]/g, '-')}">
<h3>${heading}</h3>
${links.value ? html`<p class="meta">${links}</p>` : ''}
<ul class="alerts">${c.alerts.map(alertItem)}</ul>
</li>`;
}

/**
 * Reading alerts marks them seen, so they are only read by the same-origin POST of the button
 * here: a GET (a link from another site, a prefetch) must not drain them.
 */
const showAlertsForm = (label: string) => html`<form method="post" action="/me/notifications/alerts" id="alerts-form">
<button type="submit">${label}</button>
</form>`;

function alertsSection(delivered: Delivered | undefined): Raw {
  const note = html`<p class="note">Each alert is shown once, here or to your agent (whichever looks first), and is then marked as seen.</p>`;
  if (!delivered) {
    return html`<section aria-labelledby="alerts-heading">
<h2 id="alerts-heading">New alerts</h2>
${note}
${showAlertsForm('Show new alerts')}
</section>`;
  }
  return html`<section aria-labelledby="alerts-heading">
<h2 id="alerts-heading">New alerts</h2>
${note}
${delivered.conversations.length
    ? html`<ul class="cards">${delivered.conversations.map(alertGroup)}</ul>`
    : html`<p id="no-alerts">Nothing new since you last looked.</p>`}
${delivered.more ? showAlertsForm('Show more new alerts') : ''}
</section>`;
}

function preferencesForm(agentNotifications: boolean, state: FormState): Raw {
  return html`<section class="part" aria-labelledby="agent-heading">
<h2 id="agent-heading">Agent notifications</h2>
<form method="post" action="/me/notifications/preferences" id="preferences-form">
${checkBox({ form: 'preferences', name: 'agentNotifications', label: 'Send my new alerts along with every result my agent gets',
    hint: 'Off: your agent still gets them when it asks for notifications.', checked: agentNotifications }, state)}
<button type="submit">Save</button>
</form>
</section>`;
}

/** Where a subscribed browser's push service is, the only readable part of its endpoint. */
const pushHost = (endpoint: string) => {
  try { return new URL(endpoint).host; } catch { return 'a push service'; }
};

function pushSection(push: BrowserPush): Raw {
  if (!push.publicKey) {
    return html`<section class="part" aria-labelledby="push-heading">
<h2 id="push-heading">Browser push</h2>
<p>Push alerts are not available on this site.</p>
</section>`;
  }
  return html`<section class="part" aria-labelledby="push-heading" id="push" data-public-key="${push.publicKey}">
<h2 id="push-heading">Browser push</h2>
<p>Get each alert as a notification from your browser, even when this site is closed.</p>
<p id="push-status" class="note" role="status">Turning push alerts on needs JavaScript.</p>
<div class="actions">
<button type="button" id="push-on" hidden>Turn on push alerts in this browser</button>
<button type="button" id="push-off" class="secondary" hidden>Turn off push alerts in this browser</button>
</div>
${push.subscriptions.length ? html`<h3>Browsers that get your push alerts</h3>
<ul class="push-browsers">${push.subscriptions.map((s) => html`<li><form method="post" action="/me/notifications/push/remove" class="actions">
<input type="hidden" name="endpoint" value="${s.endpoint}">
<span>Through ${pushHost(s.endpoint)}, since ${when(s.createdAt)}</span>
<button type="submit" class="secondary" aria-label="Stop push alerts through ${pushHost(s.endpoint)}">Stop</button>
</form></li>`)}</ul>` : ''}
</section>`;
}

/** The page; with `delivered`, the alerts the visitor's POST just took (and marked seen). */
function notificationsPage(deps: PageDeps, delivered?: Delivered): PageRender {
  return (req, reply, caller, state, status) => guarded(reply, 'Notifications', async () => {
    const [prefs, push] = await Promise.all([
      callAs(deps.bus, req, caller, getNotificationPreferences, {}),
      callAs(deps.bus, req, caller, getBrowserPush, {}),
    ]);
    return memberPage(reply, { title: 'Notifications', status: status ?? 200, scripts: push.publicKey ? ['push-opt-in'] : [], body: html`
<h1>Notifications</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
${alertsSection(delivered)}
${preferencesForm(prefs.agentNotifications, state)}
${pushSection(push)}` });
  });
}

/** /me/notifications: new alerts grouped by conversation, the agent setting, and browser push. */
export function notificationPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const page = notificationsPage(deps);
  pages.push(sessionPage('/me/notifications', page));
  pages.push(formAction(deps, {
    path: '/me/notifications/alerts', form: 'alerts', op: deliverNotifications, page,
    input: () => ({}),
    done: () => '/me/notifications',
    // Shown in the answer itself: the alerts are marked seen, so a redirect would find nothing.
    shown: (out, req, reply, caller) => notificationsPage(deps, out)(req, reply, caller, {}),
  }));
  pages.push(formAction(deps, {
    path: '/me/notifications/preferences', form: 'preferences', op: setNotificationPreferences, page,
    input: (form) => ({ agentNotifications: ticked(form.agentNotifications) }),
    done: () => '/me/notifications?done=preferences',
  }));
  pages.push(formAction(deps, {
    path: '/me/notifications/push/remove', form: 'push', op: deleteBrowserPush, page,
    input: (form) => ({ endpoint: form.endpoint ?? '' }),
    done: (out) => `/me/notifications?done=${out.removed ? 'push-off' : 'push-gone'}`,
  }));
  return pages;
}
