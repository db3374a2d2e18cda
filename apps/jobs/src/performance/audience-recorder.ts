import { createHash } from 'node:crypto';

import type { HandlerContext } from '@marketplace/service-kit';
import { batchingSettings } from '@marketplace/service-kit';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { type AudienceRow, insertAudience } from './performance.queries.js';

/** Search engines and link previewers: their visits are not an audience. */
const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|bingpreview|scrapy|headlesschrome|lighthouse|pingdom|uptime/i;

const MAX_BUFFERED = 50_000;
/** Anonymous viewers remembered between requests, so a reader's hash is not recomputed per page. */
const MAX_REMEMBERED_CLIENTS = 10_000;

/**
 * How often this process writes the counts it buffered (AUDIENCE_FLUSH_MS). A timer of its own,
 * not a periodic task: the counts live in this replica's memory, so every replica must flush its
 * own on every tick, where a periodic task runs each tick in one replica only (see ARCHITECTURE.md).
 */
function flushIntervalMs(): number {
  return batchingSettings().audienceFlushMs;
}

export type AudienceKind = 'impression' | 'view';

/** Who is looking: a member id, else a hash of IP and user agent; null when not counted. */
export function viewerOf(ctx: HandlerContext): string | null {
  const ua = ctx.client?.userAgent ?? '';
  if (CRAWLER.test(ua)) return null;
  if (ctx.caller) return `m:${ctx.caller.memberId}`;
  if (!ctx.client?.ip) return null;
  return clientViewer(`${ctx.client.ip}\n${ua}`);
}

function clientViewer(client: string): string {
  return `h:${createHash('sha256').update(client).digest('base64url').slice(0, 22)}`;
}

/** One day's impressions or views by one viewer: job id → poster id. */
type Seen = Map<string, string>;

/**
 * Impressions and views are buffered in memory and written in batches off the request path, so
 * counting never slows a public read. Duplicates within a day collapse in the buffer and again on
 * the table's key; a crash loses at most one flush interval of counts, never a read.
 */
@Injectable()
export class AudienceRecorder implements OnModuleInit, OnModuleDestroy {
  /** Keyed by `day|kind|viewer`; a page of jobs then costs a lookup per job id, no key built per job. */
  private buffer = new Map<string, { day: string; kind: AudienceKind; viewer: string; jobs: Seen }>();
  private buffered = 0;
  /** Anonymous readers' hashes by IP and user agent (crawlers and members are decided per request). */
  private readonly clients = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly ds: DataSource) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      void this.flush();
    }, flushIntervalMs());
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(kind: AudienceKind, jobs: readonly { id: string; poster_id: string; status?: string }[], ctx: HandlerContext): void {
    if (!jobs.length) return;
    const viewer = this.viewer(ctx);
    if (!viewer) return;
    const day = new Date().toISOString().slice(0, 10);
    const key = `${day}|${kind}|${viewer}`;
    const entry = this.buffer.get(key) ?? { day, kind, viewer, jobs: new Map() };
    for (const job of jobs) {
      if (ctx.caller?.memberId === job.poster_id || entry.jobs.has(job.id)) continue;
      if (this.buffered >= MAX_BUFFERED) break;
      entry.jobs.set(job.id, job.poster_id);
      this.buffered++;
    }
    if (entry.jobs.size) this.buffer.set(key, entry);
  }

  /** viewerOf, with an anonymous reader's hash remembered: every page of a browsing reader needs it. */
  private viewer(ctx: HandlerContext): string | null {
    if (ctx.caller || !ctx.client?.ip) return viewerOf(ctx);
    const ua = ctx.client.userAgent ?? '';
    const client = `${ctx.client.ip}\n${ua}`;
    const known = this.clients.get(client);
    if (known) return known;
    if (CRAWLER.test(ua)) return null;
    if (this.clients.size >= MAX_REMEMBERED_CLIENTS) this.clients.clear();
    const viewer = clientViewer(client);
    this.clients.set(client, viewer);
    return viewer;
  }

  flush(): Promise<void> {
    if (this.flushing || this.buffered === 0) return this.flushing ?? Promise.resolve();
    const rows: AudienceRow[] = [];
    for (const { day, kind, viewer, jobs } of this.buffer.values()) {
      for (const [jobId, posterId] of jobs) rows.push({ jobId, day, kind, viewer, posterId });
    }
    this.buffer = new Map();
    this.buffered = 0;
    this.flushing = insertAudience(this.ds, rows)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }
}
