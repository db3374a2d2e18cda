import {
  type CONTENT_KINDS,
  findReportedJobContent,
  findReportedMember,
  findReportedMessage,
  type OutputOf,
  setContentRemoved,
  setMemberRemoved,
  setMessageRemoved,
} from '@marketplace/contracts';
import type { BusClient, HandlerContext } from '@marketplace/service-kit';

// Reported content lives in the service that owns it: jobs and comments in jobs, members in
// identity, messages in applications. These route admin's questions and changes to that owner.

type ContentKind = (typeof CONTENT_KINDS)[number];

export type RemovalResult = OutputOf<typeof setContentRemoved>;

/** Asks the owner to take the content down or put it back. */
export function setRemoved(bus: BusClient, change: { kind: ContentKind; itemId: string; removed: boolean }, ctx: HandlerContext): Promise<RemovalResult> {
  const { kind, itemId, removed } = change;
  switch (kind) {
    case 'job':
    case 'comment':
      return bus.call(setContentRemoved, { kind, itemId, removed }, ctx);
    case 'member':
      return bus.call(setMemberRemoved, { itemId, removed }, ctx);
    case 'message':
      return bus.call(setMessageRemoved, { itemId, removed }, ctx);
  }
}

/** Whether the reporter is reporting something that exists (and, for a message, that they may see). */
export async function reportedContentExists(bus: BusClient, kind: ContentKind, itemId: string, reporterId: string, ctx: HandlerContext): Promise<boolean> {
  switch (kind) {
    case 'job':
    case 'comment':
      return (await bus.call(findReportedJobContent, { kind, itemId }, ctx)).found;
    case 'member':
      return (await bus.call(findReportedMember, { itemId }, ctx)).found;
    case 'message':
      return (await bus.call(findReportedMessage, { itemId, reporterId }, ctx)).found;
  }
}
