/**
 * The service worker of browser push (served as /me/push-worker.js): shows each alert the
 * notifications service pushes, and opens the conversation or the notifications page on a click.
 * The page scripts are compiled with the DOM's types, so the worker's own are spelled out here.
 */
interface PushedAlert {
  id: string;
  kind: string;
  message: string;
  applicationId: string | null;
}
interface WorkerEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends WorkerEvent {
  data: { json(): unknown } | null;
}
interface ClickEvent extends WorkerEvent {
  notification: Notification;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { openWindow(url: string): Promise<unknown> };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: ClickEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

/** A message opens its conversation; any other alert the page that lists new alerts. */
const pageOf = (alert: PushedAlert) =>
  alert.kind === 'message.sent' && alert.applicationId ? `/me/messages/${encodeURIComponent(alert.applicationId)}` : '/me/notifications';

worker.addEventListener('push', (event) => {
  const alert = event.data?.json() as PushedAlert | undefined;
  if (!alert?.message) return;
  event.waitUntil(
    worker.registration.showNotification('Marketplace', {
      body: alert.message,
      tag: alert.id,
      data: { url: pageOf(alert) },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/me/notifications';
  event.waitUntil(worker.clients.openWindow(url));
});

export {};
