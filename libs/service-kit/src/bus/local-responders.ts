import { AsyncLocalStorage } from 'node:async_hooks';

import { busPermissions, type BusPrincipal } from '@marketplace/contracts';

/** Answers a request's bytes with the reply's bytes, exactly as the bus server answers them over NATS. */
export type LocalResponder = (payload: Uint8Array, traceparent: string | undefined) => Promise<Uint8Array>;

interface Responders {
  list: LocalResponder[];
  next: number;
}

/**
 * The operations answered in this process (npm start's one-process layout holds every service):
 * a call to one of them skips the trip through NATS, its socket writes on both ends and the
 * turns of the event loop spent waiting for them. Nothing else changes: the same envelope bytes
 * go in (signed caller, size limit), the same checks run in the owning service, the same reply
 * bytes come out. Process-wide on purpose: the services of one process each load this module once.
 */
const bySubject = new Map<string, Responders>();

/**
 * Adds `responder` for `subject` until the returned function removes it. It runs in the async
 * context of this call (the service's scope: its settings, metrics and logs), whoever calls it.
 */
export function registerLocalResponder(subject: string, responder: LocalResponder): () => void {
  const inScope = AsyncLocalStorage.snapshot();
  const bound: LocalResponder = (payload, traceparent) => inScope(responder, payload, traceparent);
  let entry = bySubject.get(subject);
  if (!entry) bySubject.set(subject, (entry = { list: [], next: 0 }));
  entry.list.push(bound);
  return () => {
    const held = bySubject.get(subject);
    if (!held) return;
    held.list = held.list.filter((r) => r !== bound);
    if (held.list.length === 0) bySubject.delete(subject);
  };
}

/**
 * The responder for `subject` in this process, if `principal` may send it at all (the same
 * permissions the NATS server enforces: a call it would refuse goes to NATS and is refused there).
 * Replicas in one process take turns.
 */
export function localResponder(principal: BusPrincipal | undefined, subject: string): LocalResponder | undefined {
  if (!principal || bySubject.size === 0) return undefined;
  const entry = bySubject.get(subject);
  if (!entry || !publishable(principal).has(subject)) return undefined;
  return entry.list[entry.next++ % entry.list.length];
}

const permitted = new Map<BusPrincipal, ReadonlySet<string>>();

function publishable(principal: BusPrincipal): ReadonlySet<string> {
  let subjects = permitted.get(principal);
  if (!subjects) permitted.set(principal, (subjects = new Set(busPermissions(principal).publish)));
  return subjects;
}
