import { byId } from './dom.js';

/**
 * Keeps an open conversation current: while the tab is visible, fetches the same page again and
 * adds the messages that arrived (and the read marks that changed). The page works without it.
 */
const POLL_MS = 5_000;
const list = byId<HTMLOListElement>('messages');

async function refresh(): Promise<void> {
  if (document.hidden) return;
  const res = await fetch(location.pathname, { headers: { accept: 'text/html' } }).catch(() => null);
  // A redirect is the session ending: the next visit asks to sign in, nothing to merge here.
  if (!res?.ok || res.redirected) return;
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('messages');
  if (!fresh) return;
  for (const item of Array.from(fresh.children)) {
    const current = item.id ? document.getElementById(item.id) : null;
    if (!current) {
      list.append(document.importNode(item, true));
      document.getElementById('no-messages')?.remove();
      continue;
    }
    const [was, now] = [current.querySelector('.meta'), item.querySelector('.meta')];
    if (was && now && was.textContent !== now.textContent) was.replaceWith(document.importNode(now, true));
  }
}

if (list.dataset.live === 'on') {
  let busy = false;
  setInterval(() => {
    if (busy) return;
    busy = true;
    void refresh().finally(() => {
      busy = false;
    });
  }, POLL_MS);
}
