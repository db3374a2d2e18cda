import { agentAlertsWaitingV1, type EventEnvelope } from '@marketplace/contracts';
import type { BroadcastConsumer } from '@marketplace/service-kit/edge';

/**
 * How long "nothing waits" is believed without news: what a lost announcement (published while
 * this gateway was cut off from NATS) can delay an alert by, at worst.
 */
const QUIET_FOR_MS = 60_000;
/** Bounds memory: past it, every member is looked up again once. */
const MAX_MEMBERS = 100_000;

/**
 * Which members' MCP tool results need a look for pending alerts. Without it every tool call
 * cost a second bus request and a database read, almost always answering "nothing". A look that
 * finds nothing makes the member quiet until the notifications service announces an alert for them
 * (`alerts.waiting`, published after the alert commits, heard by every replica: a broadcast consumer) or
 * QUIET_FOR_MS passes. An announcement heard while a look was under way keeps the member
 * unquiet, so an alert committed just after the look read is never skipped.
 */
export class AgentAlertHints implements BroadcastConsumer {
  readonly name = 'agent-alert-hints';
  readonly events = [agentAlertsWaitingV1];
  private readonly quietUntil = new Map<string, number>();
  /** When each member was last announced, kept as long as a look that began before it may run. */
  private readonly announcedAt = new Map<string, number>();
  private prunedAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hear(event: EventEnvelope | undefined): void {
    const { memberId } = (event?.payload ?? {}) as { memberId?: unknown };
    if (typeof memberId === 'string') this.announce(memberId);
    // Whom it concerns is unreadable: look again for everyone rather than miss someone.
    else this.quietUntil.clear();
  }

  /** Announcements published while disconnected are lost: what was learned before is not trusted. */
  missed(): void {
    this.quietUntil.clear();
  }

  /** When a look for the member's alerts begins now; undefined while the member is quiet (no look needed). */
  beginLook(memberId: string): number | undefined {
    const now = this.now();
    const until = this.quietUntil.get(memberId);
    if (until !== undefined && until > now) return undefined;
    this.quietUntil.delete(memberId);
    return now;
  }

  /** The look begun at `lookedAt` found nothing for the member. */
  foundNone(memberId: string, lookedAt: number): void {
    const announced = this.announcedAt.get(memberId);
    if (announced !== undefined && announced >= lookedAt) return;
    if (this.quietUntil.size >= MAX_MEMBERS) this.quietUntil.clear();
    this.quietUntil.set(memberId, this.now() + QUIET_FOR_MS);
  }

  announce(memberId: string): void {
    const at = this.now();
    this.quietUntil.delete(memberId);
    this.announcedAt.set(memberId, at);
    // A look never outlasts a bus request's timeout, far below QUIET_FOR_MS: older news cannot matter.
    if (at - this.prunedAt > QUIET_FOR_MS) {
      this.prunedAt = at;
      for (const [id, when] of this.announcedAt) if (at - when > QUIET_FOR_MS) this.announcedAt.delete(id);
    }
  }
}
