import { EVENTS_STREAM } from '@marketplace/contracts';
import { jetstream, type JetStreamClient, type JetStreamManager, jetstreamManager, type PubAck, type StoredMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';

import { encodeJson } from '../bus/codec.js';
import type { Logger } from '../logging/logger.js';
import { outboxEventsByIds } from './outbox.queries.js';
import { countOutboxCheck } from './outbox-metrics.js';

/** Where an event is looked for around its PubAck's sequence, nearest first (see `locate`). */
const SHIFTS_LOOKED_AT = [0, -1, 1, -2, 2, -3, 3, -4, 4];

/** A replica behind the leader this long counts as away (a moment behind under load does not). */
const AWAY_AFTER_MS = 5_000;

/** One published event the relay will read back: where its PubAck said it was stored, and under which message id. */
interface Check {
  eventId: string;
  seq: number;
  msgId: string;
  dueAt: number;
  /** When the stream acknowledged it: at a leader change, what was acknowledged just before is sent again. */
  ackedAt: number;
  /** Times this event was published again by the read-back; names the next message id. */
  republishes: number;
  /** When it was last found in place; kept a while for a read-back after a leader change. */
  verifiedAt?: number;
}

export interface ReadBackOptions {
  /** Time from the PubAck to the read-back. */
  afterMs: number;
  /** Verified events are read back once more when the stream's leader changes within this time. */
  recheckWindowMs?: number;
  /** Events acknowledged this long before a leader change was seen are published again (see the class). */
  resendWindowMs?: number;
  /** Checks held in memory at most (waiting and recently verified); the oldest go first. */
  maxTracked?: number;
  /** Read-backs made at once in one pass. */
  batch?: number;
}

/**
 * Reads published events back from the events stream and publishes again any that the stream no
 * longer holds where its PubAck said. A nats-server before 2.11 (Debian's 2.9.10 among them) can
 * lose a replicated message at a leader change: the old leader acknowledged it, and one replica's
 * copy of the stream does not have it (its count of refused duplicates drifted), so no consumer led
 * from that replica is ever handed it. The stream-level read (`STREAM.MSG.GET`) is answered by the
 * stream's leader: it finds the loss when the leader is that replica. When the replica is a
 * follower nobody can ask it, so what was acknowledged just before a leader change (15 s) is
 * published again at once, whatever the read-back says.
 *
 * A copy carries a message id of its own (`<event id>:r<n>`, or `:c<n>` at a leader change): the
 * leader that lost the message may still hold its id in the duplicate window and would answer
 * "duplicate" and store nothing. Consumers recognise the event by the envelope's id
 * (processed_events), so a second copy is harmless. Only the events stream is read back: a work
 * stream removes each item once a worker acknowledged it, so a missing item there proves nothing.
 */
export class OutboxReadBack {
  private readonly js: JetStreamClient;
  private jsm: JetStreamManager | undefined;
  private readonly due: Check[] = [];
  private readonly verified: Check[] = [];
  private leader: string | undefined;
  /** Replicas seen away (offline, or behind for AWAY_AFTER_MS), with when they were first seen so. */
  private readonly away = new Map<string, { since: number; counted: boolean }>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly recheckWindowMs: number;
  private readonly resendWindowMs: number;
  private readonly maxTracked: number;
  private readonly batch: number;

  constructor(
    private readonly ds: DataSource,
    private readonly nc: NatsConnection,
    private readonly logger: Logger,
    private readonly opts: ReadBackOptions,
  ) {
    this.js = jetstream(nc);
    this.recheckWindowMs = opts.recheckWindowMs ?? 120_000;
    this.resendWindowMs = opts.resendWindowMs ?? 15_000;
    this.maxTracked = opts.maxTracked ?? 20_000;
    this.batch = opts.batch ?? 200;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), Math.max(50, Math.min(1000, this.opts.afterMs)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Events just published and marked so: each is read back `afterMs` from now. */
  track(published: ReadonlyArray<{ id: string; ack: PubAck }>): void {
    const now = Date.now();
    for (const { id, ack } of published) {
      if (ack.stream !== EVENTS_STREAM) continue;
      this.due.push({ eventId: id, seq: ack.seq, msgId: id, dueAt: now + this.opts.afterMs, ackedAt: now, republishes: 0 });
    }
    this.bound();
  }

  private kick(): void {
    if (this.running || this.due.length + this.verified.length === 0) return;
    this.running = this.pass()
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox read-back failed; will retry'))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    this.forgetVerified(now);
    this.jsm ??= await jetstreamManager(this.nc);
    // One stream info a pass: a new leader may lack what the old one acknowledged, so what was
    // verified under the old one is read back again from the new one. Without an answer (NATS
    // away) nothing is read back this pass.
    const info = await this.jsm.streams.info(EVENTS_STREAM).catch(() => undefined);
    if (!info) return;
    const leader = info.cluster?.leader;
    if (leader !== undefined && leader !== this.leader) {
      const previous = this.leader;
      this.leader = leader;
      if (previous !== undefined) await this.leaderChanged(previous, leader, now);
    }
    // The leader is current by definition: a replica back as the leader counts as back too.
    await this.replicasReturned([...(info.cluster?.replicas ?? []), ...(leader ? [{ name: leader, current: true }] : [])], now);
    for (;;) {
      const ready = this.takeDue(Date.now());
      if (ready.length === 0) return;
      const results = await Promise.all(ready.map(async (check) => ({ check, ...(await this.locate(check)) })));
      const lost: Array<{ check: Check; found: string | null }> = [];
      let retried = 0;
      let verified = 0;
      for (const { check, state, found } of results) {
        if (state === 'failed') {
          retried++;
          this.due.push({ ...check, dueAt: Date.now() + this.opts.afterMs });
        } else if (state === 'present') {
          verified++;
          this.verified.push({ ...check, verifiedAt: Date.now() });
        } else {
          lost.push({ check, found });
        }
      }
      countOutboxCheck('verified', verified);
      countOutboxCheck('retried', retried);
      if (lost.length) await this.publishAgain(lost, 'missing');
      this.bound();
      // A read-back that could not be made waits for the next pass rather than spinning on a NATS that is away.
      if (retried > 0) return;
    }
  }

  /**
   * Whether the leader holds the event at its sequence. A leader whose copy lost an earlier message
   * holds every later one a sequence or a few lower (higher, if it kept one the others refused):
   * those are present (consumers led from it are handed them), so the few sequences around are
   * looked at before an event counts as missing.
   */
  private async locate(check: Check): Promise<{ state: 'present' | 'missing' | 'failed'; found: string | null }> {
    let found: string | null = null;
    for (const offset of SHIFTS_LOOKED_AT) {
      const seq = check.seq + offset;
      if (seq <= 0) continue;
      let msg: StoredMsg | null;
      try {
        msg = await this.jsm!.streams.getMessage(EVENTS_STREAM, { seq });
      } catch {
        return { state: 'failed', found: null };
      }
      const id = msg?.header?.get('Nats-Msg-Id') || null;
      if (id === check.msgId) return { state: 'present', found: id };
      if (offset === 0) found = id;
    }
    return { state: 'missing', found };
  }

  /** The checks that are due, in publish order, at most one batch. */
  private takeDue(now: number): Check[] {
    const ready: Check[] = [];
    const later: Check[] = [];
    for (const check of this.due) {
      if (check.dueAt <= now && ready.length < this.batch) ready.push(check);
      else later.push(check);
    }
    this.due.splice(0, this.due.length, ...later);
    return ready;
  }

  /**
   * At a change of the stream's leader: what was acknowledged just before is published again at
   * once, since a replica that dropped it may lead a consumer and nobody can ask that replica
   * (the stream answers reads from its leader only); what was verified under the old leader is
   * read back from the new one, which may be the replica that lost it.
   */
  private async leaderChanged(from: string, to: string, now: number): Promise<void> {
    const atRisk = (c: Check) => c.ackedAt >= now - this.resendWindowMs;
    const resend = [...this.due.filter(atRisk), ...this.verified.filter(atRisk)];
    const reread = this.verified.filter((c) => !atRisk(c));
    this.due.splice(0, this.due.length, ...this.due.filter((c) => !atRisk(c)));
    this.verified.length = 0;
    for (const check of reread) this.due.unshift({ ...check, dueAt: now });
    this.logger[resend.length ? 'warn' : 'info'](
      { from, to, resent: resend.length, readBack: reread.length, eventIds: resend.slice(0, 50).map((c) => c.eventId) },
      'events stream has a new leader: publishing again the events acknowledged just before, reading back the others',
    );
    if (resend.length)
      await this.publishAgain(
        resend.map((check) => ({ check, found: null })),
        'leader-change',
      );
  }

  /**
   * A replica that was away (cut off, restarted, or far behind) and is current again caught up
   * from the leader, and a nats-server before 2.11 may have dropped a message in that catch-up
   * (the chaos run saw a returning replica hold two messages fewer than the others, and a
   * consumer led from it never handed one event over). Nobody can ask that replica, so what was
   * acknowledged while it was away, and just before, is published again once it is back.
   */
  private async replicasReturned(replicas: ReadonlyArray<{ name: string; current: boolean; offline?: boolean }>, now: number): Promise<void> {
    let since: number | undefined;
    const back: string[] = [];
    for (const { name, current, offline } of replicas) {
      const seen = this.away.get(name);
      if (offline || !current) {
        if (!seen) this.away.set(name, { since: now, counted: Boolean(offline) });
        else if (!seen.counted && (offline || now - seen.since >= AWAY_AFTER_MS)) seen.counted = true;
        continue;
      }
      if (!seen) continue;
      this.away.delete(name);
      if (!seen.counted) continue;
      back.push(name);
      since = Math.min(since ?? seen.since, seen.since);
    }
    if (since === undefined) return;
    const from = since - this.resendWindowMs;
    const atRisk = (c: Check) => c.ackedAt >= from;
    const resend = [...this.due.filter(atRisk), ...this.verified.filter(atRisk)];
    this.due.splice(0, this.due.length, ...this.due.filter((c) => !atRisk(c)));
    this.verified.splice(0, this.verified.length, ...this.verified.filter((c) => !atRisk(c)));
    this.logger[resend.length ? 'warn' : 'info'](
      { replicas: back, awayMs: now - since, resent: resend.length, eventIds: resend.slice(0, 50).map((c) => c.eventId) },
      'a replica of the events stream is back: publishing again the events acknowledged while it was away',
    );
    if (resend.length)
      await this.publishAgain(
        resend.map((check) => ({ check, found: null })),
        'leader-change',
      );
  }

  /**
   * Publishes events again under message ids of their own: `r<n>` when a read-back found one
   * missing, `c<n>` when sent again at a leader change. Each copy is read back in its turn.
   */
  private async publishAgain(items: ReadonlyArray<{ check: Check; found: string | null }>, why: 'missing' | 'leader-change'): Promise<void> {
    let loadFailed = false;
    const rows = await outboxEventsByIds(
      this.ds,
      items.map((l) => l.check.eventId),
    ).catch((err: unknown) => {
      loadFailed = true;
      this.logger.warn({ err }, 'outbox read-back could not load events to publish again; will retry');
      return [];
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const retry = (check: Check) => this.due.push({ ...check, dueAt: Date.now() + this.opts.afterMs });
    await Promise.all(
      items.map(async ({ check, found }) => {
        const row = byId.get(check.eventId);
        if (!row) {
          if (loadFailed) retry(check);
          else
            this.logger.warn(
              { eventId: check.eventId, seq: check.seq },
              'event to publish again is no longer in the outbox (pruned a day after publishing); not published again',
            );
          return;
        }
        const msgId = `${check.eventId}:${why === 'missing' ? 'r' : 'c'}${check.republishes + 1}`;
        try {
          const ack = await this.js.publish(row.subject, encodeJson(row.envelope), { msgID: msgId });
          if (why === 'missing') {
            this.logger.warn(
              { eventId: check.eventId, subject: row.subject, seq: check.seq, foundMsgId: found, newSeq: ack.seq },
              'published event missing from the events stream; published it again',
            );
          }
          countOutboxCheck(why === 'missing' ? 'republished' : 'resent');
          const now = Date.now();
          this.due.push({ eventId: check.eventId, seq: ack.seq, msgId, dueAt: now + this.opts.afterMs, ackedAt: now, republishes: check.republishes + 1 });
        } catch (err) {
          this.logger.warn({ err, eventId: check.eventId }, 'event could not be published again yet; will retry');
          countOutboxCheck('retried');
          retry(check);
        }
      }),
    );
  }

  private forgetVerified(now: number): void {
    let drop = 0;
    while (drop < this.verified.length && now - this.verified[drop]!.verifiedAt! > this.recheckWindowMs) drop++;
    if (drop) this.verified.splice(0, drop);
  }

  /** Memory stays bounded: verified checks go first, then the oldest waiting ones, counted. */
  private bound(): void {
    let over = this.due.length + this.verified.length - this.maxTracked;
    if (over <= 0) return;
    const fromVerified = Math.min(over, this.verified.length);
    this.verified.splice(0, fromVerified);
    over -= fromVerified;
    if (over <= 0) return;
    this.due.splice(0, over);
    countOutboxCheck('untracked', over);
    this.logger.warn({ dropped: over, limit: this.maxTracked }, 'outbox read-back holds too many events; the oldest are not read back');
  }
}
