import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { QueueDefinition, WorkEnvelope } from '@marketplace/contracts';
import { AckPolicy, type Consumer, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';

import { decodeJson } from '../bus/codec.js';
import type { Logger } from '../logging/logger.js';
import { workerSettings } from '../scope/kit-settings.js';
import { serviceEnv } from '../scope/service-scope.js';
import { backoffMs } from './backoff.js';
import { recordFailedWork } from './queues.queries.js';
import { DeferWork, workConcurrency, type WorkHandler } from './work-handler.js';
import { addPendingProbe, pendingGauge } from './work-metrics.js';
import { ensureWorkStream } from './work-stream.js';

export interface WorkRunnerOptions {
  /** How long stop() waits for in-flight items before aborting them; under the pod's grace period. */
  drainMs?: number;
  /** How long an idle pull waits for an item; stop() waits for idle pulls to return, so keep it short. */
  pullExpiresMs?: number;
  env?: NodeJS.ProcessEnv;
}

interface RunningQueue {
  handler: WorkHandler;
  def: QueueDefinition;
  durable: string;
  consumer: Consumer;
}

/** Thrown into an attempt the runner gives up on because the worker is stopping: not the job's fault. */
class Stopping extends Error {
  constructor() {
    super('worker stopping');
  }
}

/** Durable names cannot hold dots; one durable per queue version, since each version has its own subject. */
export function workDurableName(def: QueueDefinition): string {
  return `${def.name}-v${def.version}`;
}

/** Exponential, with up to a fifth added at random so items failing together do not retry together. */
export function workBackoffMs(def: QueueDefinition, attempt: number): number {
  return backoffMs({ firstMs: def.backoffMs, maxMs: def.maxBackoffMs, jitter: 0.2 }, attempt);
}

/**
 * Pulls a service's work queues. Each of a queue's `concurrency` slots pulls one item only when
 * it is free, so no item waits in a local buffer while its ack timer runs out; while an item
 * runs, the slot beats (msg.working()) so a short ack_wait only catches dead workers.
 */
export class WorkRunner {
  private readonly slots: Promise<void>[] = [];
  private readonly inFlight = new Set<AbortController>();
  private readonly stopSignal = new AbortController();
  private readonly drainMs: number;
  private readonly pullExpiresMs: number;
  private readonly env: NodeJS.ProcessEnv;
  private handlers: readonly WorkHandler[] = [];
  private removeProbe: (() => void) | undefined;
  private stopping = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly ds: DataSource,
    private readonly service: string,
    private readonly logger: Logger,
    opts: WorkRunnerOptions = {},
  ) {
    this.env = opts.env ?? serviceEnv();
    this.drainMs = opts.drainMs ?? workerSettings.read(this.env).drainMs;
    this.pullExpiresMs = opts.pullExpiresMs ?? 5000;
  }

  async start(handlers: readonly WorkHandler[]): Promise<void> {
    if (handlers.length === 0) return;
    this.handlers = handlers;
    const stream = await ensureWorkStream(this.nc, this.service);
    const jsm = await jetstreamManager(this.nc);
    const js = jetstream(this.nc);
    const queues: RunningQueue[] = [];
    for (const handler of handlers) {
      const def = handler.queue;
      if (def.service !== this.service) throw new Error(`Queue ${def.service}.${def.name} is not a queue of ${this.service}`);
      const durable = workDurableName(def);
      const config = {
        durable_name: durable,
        filter_subject: def.subject,
        ack_policy: AckPolicy.Explicit,
        ack_wait: Math.round(def.ackWaitSeconds * 1e9),
        // The runner counts attempts itself and records the last failure; a server-side limit would
        // leave an exhausted item stuck in the stream with no record of it.
        max_deliver: -1,
      };
      const existing = await jsm.consumers.info(stream, durable).catch(() => undefined);
      if (!existing) {
        await jsm.consumers.add(stream, config).catch(async (err) => {
          await jsm.consumers.info(stream, durable).catch(() => {
            throw err;
          });
        });
      } else if (existing.config.ack_wait !== config.ack_wait) {
        await jsm.consumers.update(stream, durable, { ack_wait: config.ack_wait });
      }
      queues.push({ handler, def, durable, consumer: await js.consumers.get(stream, durable) });
    }
    for (const queue of queues) {
      const concurrency = workConcurrency(queue.def, this.env);
      for (let i = 0; i < concurrency; i++) this.slots.push(this.slot(queue));
    }
    this.removeProbe = addPendingProbe(async () => {
      const pending = new Map<string, number>();
      for (const q of queues) {
        const info = await q.consumer.info();
        pending.set(q.def.name, (pending.get(q.def.name) ?? 0) + info.num_pending);
      }
      for (const [queue, count] of pending) pendingGauge().set({ service: this.service, queue }, count);
    });
    this.logger.info({ queues: queues.map((q) => ({ queue: q.durable, concurrency: workConcurrency(q.def, this.env) })) }, 'worker pulling queues');
  }

  /**
   * Stops pulling and lets in-flight items finish, for at most drainMs; items still running then
   * are aborted and handed back at once, so another worker picks them up without waiting out ack_wait.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.stopSignal.abort();
    const slots = Promise.allSettled(this.slots);
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      slots.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.drainMs);
      }),
    ]);
    clearTimeout(timer);
    if (!drained) {
      this.logger.warn({ inFlight: this.inFlight.size }, 'work still running at the end of the drain; handing it back');
      for (const controller of this.inFlight) controller.abort(new Stopping());
      await slots;
    }
    this.removeProbe?.();
    for (const h of this.handlers) pendingGauge().remove({ service: this.service, queue: h.queue.name });
  }

  private async slot(q: RunningQueue): Promise<void> {
    while (!this.stopping) {
      let msg: JsMsg | null;
      try {
        msg = await q.consumer.next({ expires: this.pullExpiresMs });
      } catch (err) {
        if (this.stopping) return;
        this.logger.warn({ err, queue: q.durable }, 'pulling work failed; retrying');
        await sleep(1000, undefined, { signal: this.stopSignal.signal }).catch(() => undefined);
        continue;
      }
      if (!msg) continue;
      if (this.stopping) {
        // Pulled as we stopped: hand it straight back rather than start something we may not finish.
        msg.nak();
        return;
      }
      await this.handle(q, msg);
    }
  }

  private async handle(q: RunningQueue, msg: JsMsg): Promise<void> {
    const { def } = q;
    const attempt = msg.info.deliveryCount;
    let envelope: WorkEnvelope;
    try {
      envelope = decodeJson<WorkEnvelope>(msg.data);
      envelope.payload = def.payload.parse(envelope.payload);
    } catch (err) {
      // A payload that does not parse never will: record it now instead of retrying.
      await this.giveUp(q, msg, undefined, err, attempt);
      return;
    }
    if (attempt > def.maxAttempts) {
      // The last attempt never reported back (worker crashed or stopped); do not run it again.
      await this.giveUp(q, msg, envelope, new Error(`attempt ${attempt - 1} of ${def.maxAttempts} did not finish`), attempt - 1);
      return;
    }

    const controller = new AbortController();
    let running = true;
    const heartbeat = () => {
      if (running) msg.working();
    };
    const beats = setInterval(heartbeat, Math.max(100, (def.ackWaitSeconds * 1000) / 3));
    const timeout = setTimeout(() => controller.abort(new Error(`timed out after ${def.timeoutSeconds} s`)), def.timeoutSeconds * 1000);
    this.inFlight.add(controller);
    try {
      await untilAborted(
        Promise.resolve().then(() => q.handler.run(envelope.payload, { id: envelope.id, attempt, signal: controller.signal, heartbeat })),
        controller.signal,
      );
      running = false;
      await settle(msg);
    } catch (err) {
      running = false;
      if (err instanceof Stopping) {
        msg.nak();
      } else if (err instanceof DeferWork) {
        msg.nak(Math.max(0, Math.round(err.delayMs)));
      } else if (attempt >= def.maxAttempts) {
        await this.giveUp(q, msg, envelope, err, attempt);
      } else {
        const delay = workBackoffMs(def, attempt);
        this.logger.warn({ err, queue: q.durable, id: envelope.id, attempt, retryInMs: delay }, 'work item failed; will retry');
        msg.nak(delay);
      }
    } finally {
      running = false;
      clearInterval(beats);
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }

  /** Records the item in failed_work, then removes it from the queue; if the record fails, the item stays queued. */
  private async giveUp(q: RunningQueue, msg: JsMsg, envelope: WorkEnvelope | undefined, err: unknown, attempts: number): Promise<void> {
    const error = err instanceof Error ? err.message : String(err);
    const payload = envelope?.payload ?? rawPayload(msg.data);
    try {
      await recordFailedWork(this.ds, {
        id: envelope?.id ?? randomUUID(),
        queue: q.def.name,
        version: q.def.version,
        payload: JSON.stringify(payload),
        error,
        attempts,
        enqueuedAt: envelope?.enqueuedAt ?? null,
      });
    } catch (dbErr) {
      this.logger.error({ err: dbErr, queue: q.durable, id: envelope?.id }, 'could not record failed work; it stays queued');
      msg.nak(workBackoffMs(q.def, attempts));
      return;
    }
    this.logger.error({ err, queue: q.durable, id: envelope?.id, attempts }, 'work item failed for good; recorded in failed_work');
    // No reason text: NATS before 2.10 ignores a "+TERM <reason>" ack entirely.
    msg.term();
  }
}

/** Waits for the server to confirm the ack, so a stopping process does not exit with it unsent. */
async function settle(msg: JsMsg): Promise<void> {
  await msg.ackAck({ timeout: 5000 }).catch(() => undefined);
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function rawPayload(data: Uint8Array): unknown {
  const text = new TextDecoder().decode(data);
  try {
    return (JSON.parse(text) as { payload?: unknown }).payload ?? text;
  } catch {
    return text;
  }
}
