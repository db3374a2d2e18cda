import {
  deleteBrowserPush,
  getBrowserPush,
  getNotificationPreferences,
  listMyNotifications,
  type OutputOf,
  setNotificationPreferences,
} from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, ticked } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { historyForms, historyInput, historySection, historyViewOf } from './notification-history.js';

type BrowserPush = OutputOf<typeof getBrowserPush>;

const NOTICES = {
  preferences: 'Saved your agent notification setting.',
  'push-on': 'Push alerts are on in this browser.',
  'push-off': 'That browser gets no more push alerts.',
  'push-gone': 'That browser was not getting push alerts from you.',
  read: 'Marked as read.',
  'all-read': 'Marked all as read.',
};

function preferencesForm(agentNotifications: boolean, state: FormState): Raw {
  return html`<section class="part" aria-labelledby="agent-heading">
<h2 id="agent-heading">Agent notifications</h2>
<form method="post" action="/me/notifications/preferences" id="preferences-form">
${checkBox(
  {
    form: 'preferences',
    name: 'agentNotifications',
    label: 'Send my new alerts along with every result my agent gets',
    hint: 'Off: your agent still gets them when it asks for notifications.',
    checked: agentNotifications,
  },
  state,
)}
<button type="submit">Save</button>
</form>
</section>`;
}

/** Where a subscribed browser's push service is, the only readable part of its endpoint. */
const pushHost = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'a push service';
  }
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
${
  push.subscriptions.length
    ? html`<h3>Browsers that get your push alerts</h3>
<ul class="push-browsers">${push.subscriptions.map(
        (s) => html`<li><form method="post" action="/me/notifications/push/remove" class="actions">
<input type="hidden" name="endpoint" value="${s.endpoint}">
<span>Through ${pushHost(s.endpoint)}, since ${when(s.createdAt)}</span>
<button type="submit" class="secondary" aria-label="Stop push alerts through ${pushHost(s.endpoint)}">Stop</button>
</form></li>`,
      )}</ul>`
    : ''
}
</section>`;
}

/** The page: the notification history (read, never delivered), the agent setting, browser push. */
function notificationsPage(deps: PageDeps): PageRender {
  return (req, reply, caller, state, status) =>
    guarded(reply, 'Notifications', async () => {
      const view = historyViewOf(req);
      const renderedAt = new Date().toISOString();
      const [history, prefs, push] = await Promise.all([
        callAs(deps.bus, req, caller, listMyNotifications, historyInput(view)),
        callAs(deps.bus, req, caller, getNotificationPreferences, {}),
        callAs(deps.bus, req, caller, getBrowserPush, {}),
      ]);
      return memberPage(reply, {
        title: 'Notifications',
        status: status ?? 200,
        scripts: push.publicKey ? ['push-opt-in'] : [],
        body: html`
<h1>Notifications</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
${historySection(history, view, renderedAt)}
${preferencesForm(prefs.agentNotifications, state)}
${pushSection(push)}`,
      });
    });
}

/** /me/notifications: the notification history with its read state, the agent setting, and browser push. */
export function notificationPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const page = notificationsPage(deps);
  pages.push(sessionPage('/me/notifications', page));
  pages.push(...historyForms(deps, page));
  pages.push(
    formAction(deps, {
      path: '/me/notifications/preferences',
      form: 'preferences',
      op: setNotificationPreferences,
      page,
      input: (form) => ({ agentNotifications: ticked(form.agentNotifications) }),
      done: () => '/me/notifications?done=preferences',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/notifications/push/remove',
      form: 'push',
      op: deleteBrowserPush,
      page,
      input: (form) => ({ endpoint: form.endpoint ?? '' }),
      done: (out) => `/me/notifications?done=${out.removed ? 'push-off' : 'push-gone'}`,
    }),
  );
  return pages;
}
