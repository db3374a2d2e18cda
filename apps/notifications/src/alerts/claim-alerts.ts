import type { DataSource } from 'typeorm';
import { DELIVER_CONVERSATIONS, type OutputOf, type deliverNotifications } from '@marketplace/contracts';

type Delivered = OutputOf<typeof deliverNotifications>;

interface ClaimedRow {
  id: string; kind: string; message: string; job_id: string | null; application_id: string | null;
  comment_id: string | null; title: string | null; conversation_key: string;
  conversation_kind: 'application' | 'job' | 'comment_thread' | 'account'; created_at: string;
}

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
export async function claimAlerts(ds: DataSource, memberId: string, opts: ClaimOptions): Promise<Delivered> {
  const preference = opts.onlyWithAgentNotifications
    ? `AND NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.member_id = $1 AND NOT p.agent_notifications)`
    : '';
  const [row] = (await ds.query(
    `WITH pending AS MATERIALIZED (
       SELECT a.id, a.conversation_key, a.created_at FROM alerts a
       WHERE a.member_id = $1 AND a.delivered_at IS NULL ${preference}
       ORDER BY a.created_at, a.id LIMIT $2
       FOR UPDATE OF a SKIP LOCKED
     ), chosen AS (
       SELECT conversation_key FROM pending GROUP BY conversation_key
       ORDER BY min(created_at), conversation_key LIMIT $3
     ), claimed AS (
       UPDATE alerts a SET delivered_at = now() FROM pending p
       WHERE a.id = p.id AND p.conversation_key IN (SELECT conversation_key FROM chosen)
       RETURNING a.id, a.kind, a.message, a.job_id, a.application_id, a.comment_id, a.title,
         a.conversation_key, a.conversation_kind, a.created_at
     )
     SELECT (SELECT count(*)::int FROM pending) AS locked,
            (SELECT coalesce(json_agg(c ORDER BY c.created_at, c.id), '[]'::json) FROM claimed c) AS alerts`,
    [memberId, opts.window, DELIVER_CONVERSATIONS],
  )) as { locked: number; alerts: ClaimedRow[] }[];
  const { locked, alerts } = row!;
  const conversations = new Map<string, Delivered['conversations'][number]>();
  for (const a of alerts) {
    let c = conversations.get(a.conversation_key);
    if (!c) {
      c = {
        conversationKey: a.conversation_key, kind: a.conversation_kind,
        subject: { jobId: a.job_id, applicationId: a.application_id, commentId: a.comment_id, title: a.title },
        alerts: [],
      };
      conversations.set(a.conversation_key, c);
    }
    // The newest alert that names the job's title names the conversation.
    if (a.title) c.subject.title = a.title;
    c.alerts.push({
      id: a.id, kind: a.kind, message: a.message, jobId: a.job_id, applicationId: a.application_id,
      createdAt: new Date(a.created_at).toISOString(),
    });
  }
  // More may wait when some locked rows were left for a later call, or the window was full.
  return { conversations: [...conversations.values()], more: locked > alerts.length || locked >= opts.window };
}
