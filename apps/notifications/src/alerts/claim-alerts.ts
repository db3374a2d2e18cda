import { DELIVER_CONVERSATIONS, type deliverNotifications, type OutputOf } from '@marketplace/contracts';
import type { Db } from '@marketplace/service-kit';

import { claimPendingAlerts } from './alerts.queries.js';

type Delivered = OutputOf<typeof deliverNotifications>;

export interface ClaimOptions {
  /** Claim nothing when the member turned agent notifications off (the MCP piggy-back). */
  onlyWithAgentNotifications: boolean;
  /** How many of the oldest pending alerts one call looks at (and locks) at most. */
  window: number;
}

/**
 * Claims a member's oldest pending alerts, grouped into at most ten conversations, and marks them
 * delivered, all in one statement. `FOR UPDATE SKIP LOCKED` makes concurrent claims (other
 * sessions, other replicas) take disjoint rows, so no alert is ever returned twice. When nothing
 * is pending it is one scan of the partial index `alerts_pending` (plus, for the piggy-back, one
 * primary-key probe of the member's preferences, which short-circuits the scan when they are off).
 */
export async function claimAlerts(on: Db, memberId: string, opts: ClaimOptions): Promise<Delivered> {
  const { locked, alerts } = await claimPendingAlerts(on, memberId, { ...opts, conversations: DELIVER_CONVERSATIONS });
  const conversations = new Map<string, Delivered['conversations'][number]>();
  for (const a of alerts) {
    let c = conversations.get(a.conversation_key);
    if (!c) {
      c = {
        conversationKey: a.conversation_key,
        kind: a.conversation_kind as Delivered['conversations'][number]['kind'],
        subject: { jobId: a.job_id, applicationId: a.application_id, commentId: a.comment_id, title: a.title },
        alerts: [],
      };
      conversations.set(a.conversation_key, c);
    }
    // The newest alert that names the job's title names the conversation.
    if (a.title) c.subject.title = a.title;
    c.alerts.push({
      id: a.id,
      kind: a.kind,
      message: a.message,
      jobId: a.job_id,
      applicationId: a.application_id,
      createdAt: new Date(a.created_at).toISOString(),
    });
  }
  // More may wait when some locked rows were left for a later call, or the window was full.
  return { conversations: [...conversations.values()], more: locked > alerts.length || locked >= opts.window };
}
