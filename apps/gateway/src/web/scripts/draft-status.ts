import { byId } from './dom.js';

/**
 * While a draft's background work is pending (a part marked data-pending), asks for the page again
 * every few seconds and puts the fresh draft in place once nothing is pending. Text the visitor is
 * typing is never replaced: then only the background work list updates, with a reload link.
 */

const INTERVAL_MS = 2500;
/** The service reads a task pending for ten minutes as failed, so polling stops by then too. */
const GIVE_UP_AFTER = (10 * 60 * 1000) / INTERVAL_MS;

const status = byId('live-status');
let polls = 0;

const pending = (root: ParentNode): boolean => root.querySelector('[data-pending]') !== null;

/** Whether the visitor has typed or chosen something in a form on the page. */
function edited(): boolean {
  return [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('#draft input, #draft textarea')].some((el) =>
    el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.checked !== el.defaultChecked : el.value !== el.defaultValue,
  );
}

function swap(fresh: Document, id: string): void {
  const now = document.getElementById(id);
  const next = fresh.getElementById(id);
  if (now && next) now.replaceWith(document.importNode(next, true));
}

async function freshPage(): Promise<Document | null> {
  const res = await fetch(location.pathname, { headers: { accept: 'text/html' }, credentials: 'same-origin' }).catch(() => null);
  if (!res?.ok) return null;
  return new DOMParser().parseFromString(await res.text(), 'text/html');
}

async function poll(): Promise<void> {
  polls += 1;
  const fresh = await freshPage();
  if (fresh && !pending(fresh)) {
    if (edited()) {
      swap(fresh, 'draft-tasks');
      status.replaceChildren('The work is done. ', Object.assign(document.createElement('a'), { href: location.pathname, textContent: 'Reload to see it' }));
    } else {
      swap(fresh, 'draft');
      document.title = fresh.title;
      status.textContent = 'The work is done; the draft is updated.';
    }
    return;
  }
  if (fresh) swap(fresh, 'draft-tasks');
  if (polls < GIVE_UP_AFTER) setTimeout(() => void poll(), INTERVAL_MS);
}

if (pending(document)) setTimeout(() => void poll(), INTERVAL_MS);
