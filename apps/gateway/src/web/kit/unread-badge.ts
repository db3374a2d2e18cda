import { type Caller, listMyNotifications } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { html, UNREAD_MARK } from './layout.js';
import { callAs } from './page.js';

/** Above this the header says "99+": the number is a nudge, the page has the exact count. */
const SHOWN_MAX = 99;

interface Pending {
  caller: Caller;
  count?: Promise<number | null>;
}

const pending = new WeakMap<FastifyRequest, Pending>();

function countFor(bus: BusClient, req: FastifyRequest, caller: Caller): Promise<number | null> {
  // The smallest page of the history: its unreadCount is what the header needs. A failure costs
  // the page only its badge.
  return callAs(bus, req, caller, listMyNotifications, { limit: 1, offset: 0, unread: true }).then(
    (out) => out.unreadCount,
    () => null,
  );
}

/**
 * Remembers who a page is for. A GET nearly always answers with a page, so its count is asked
 * now, beside the page's own calls; other answers ask only when they turn out to be a page.
 */
export function noteReader(bus: BusClient, req: FastifyRequest, caller: Caller): void {
  const entry: Pending = { caller };
  if (req.method === 'GET' || req.method === 'HEAD') entry.count = countFor(bus, req, caller);
  pending.set(req, entry);
}

export function unreadBadge(count: number | null): string {
  if (!count) return '';
  const shown = count > SHOWN_MAX ? `${SHOWN_MAX}+` : String(count);
  return html` <span class="badge" id="unread-count">${shown}<span class="visually-hidden"> unread</span></span>`.value;
}

/**
 * Fills the header's mark of every page sent in `scope` with the reader's unread count: one small
 * read per page, through the pages' own call path; a visitor, or a count of 0, shows nothing.
 */
export function fillUnreadBadges(scope: FastifyInstance, bus: BusClient): void {
  scope.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload !== 'string' || !payload.includes(UNREAD_MARK)) return payload;
    const entry = pending.get(req);
    const count = entry ? await (entry.count ?? countFor(bus, req, entry.caller)) : null;
    return payload.replace(UNREAD_MARK, unreadBadge(count));
  });
}
