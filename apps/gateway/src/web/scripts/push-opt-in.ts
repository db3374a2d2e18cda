import { byId, errorBody, JSON_HEADERS, say } from './dom.js';

/**
 * Browser push: subscribes this browser with the service's VAPID key and registers the
 * subscription (PUT /api/me/browser-push), or removes it again. The service worker that shows the
 * alerts is served by the member app at /me/push-worker.js.
 */
const WORKER = '/me/push-worker.js';
const SCOPE = '/me/';

const section = byId('push');
const status = byId('push-status');
const on = byId<HTMLButtonElement>('push-on');
const off = byId<HTMLButtonElement>('push-off');

/** The key arrives base64url-encoded; PushManager wants its bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function current(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

function show(subscribed: boolean): void {
  on.hidden = subscribed;
  off.hidden = !subscribed;
  if (Notification.permission === 'denied') {
    say(status, 'This browser blocks notifications from this site. Allow them in its site settings to get push alerts here.', true);
  } else {
    say(status, subscribed ? 'Push alerts are on in this browser.' : 'Push alerts are off in this browser.');
  }
}

async function turnOn(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') {
    say(status, 'Push alerts need your permission to show notifications. Allow them for this site, then try again.', true);
    return;
  }
  await navigator.serviceWorker.register(WORKER, { scope: SCOPE, type: 'module' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(section.dataset.publicKey ?? ''),
  });
  const { endpoint, keys } = subscription.toJSON();
  const res = await fetch('/api/me/browser-push', { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify({ endpoint, keys }) });
  if (!res.ok) {
    await subscription.unsubscribe();
    say(status, (await errorBody(res)).error || 'Push alerts could not be turned on. Try again.', true);
    return;
  }
  location.assign('/me/notifications?done=push-on');
}

async function turnOff(): Promise<void> {
  const subscription = await current();
  if (subscription) {
    const res = await fetch('/api/me/browser-push', {
      method: 'DELETE',
      headers: JSON_HEADERS,
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    });
    if (!res.ok) {
      say(status, (await errorBody(res)).error || 'Push alerts could not be turned off. Try again.', true);
      return;
    }
    await subscription.unsubscribe();
  }
  location.assign('/me/notifications?done=push-off');
}

function act(button: HTMLButtonElement, run: () => Promise<void>, failure: string): void {
  button.addEventListener('click', () => {
    button.disabled = true;
    say(status, 'Working…');
    run()
      .catch((err: unknown) => say(status, `${failure}: ${reasonOf(err)}`, true))
      .finally(() => {
        button.disabled = false;
      });
  });
}

if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
  say(status, 'This browser cannot show push alerts.');
} else {
  act(on, turnOn, 'Push alerts could not be turned on');
  act(off, turnOff, 'Push alerts could not be turned off');
  // A subscription the site no longer has (stopped from another page, or dropped) counts as off.
  const listed = new Set(Array.from(section.querySelectorAll<HTMLInputElement>('input[name="endpoint"]'), (i) => i.value));
  current().then(
    (s) => show(s !== null && listed.has(s.endpoint)),
    () => show(false),
  );
}
