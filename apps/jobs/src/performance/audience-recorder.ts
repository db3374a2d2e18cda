import { serviceEnv } from '@marketplace/service-kit';
import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HandlerContext } from '@marketplace/service-kit';

/** Search engines and link previewers: their visits are not an audience. */
const CRAWLER = /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|bingpreview|scrapy|headlesschrome|lighthouse|pingdom|uptime/i;

const MAX_BUFFERED = 50_000;

function flushIntervalMs(): number {
  const v = Number(serviceEnv().AUDIENCE_FLUSH_MS);
  return Number.isFinite(v) && v >= 50 ? v : 2000;
}

export type AudienceKind = 'impression' | 'view';

/** Who is looking: a member id, else a hash of IP and user agent; null when not counted. */
export function viewerOf(ctx: HandlerContext): string | null {
  const ua = ctx.client?.userAgent ?? '';
  if (CRAWLER.test(ua)) return null;
  if (ctx.caller) return `m:${ctx.caller.memberId}`;
  if (!ctx.client?.ip) return null;
  return `h:${createHash('sha256').update(`${ctx.client.ip}\n${ua}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Impressions and views are buffered in memory and written in batches off the request path, so
 * counting never slows a public read. Duplicates within a day collapse in the buffer and again on
 * the table's key; a crash loses at most one flush interval of counts, never a read.
 */
@Injectable()
export class AudienceRecorder implements OnModuleInit, OnModuleDestroy {
  private buffer = new Map<string, [string, string, AudienceKind, string, string]>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly ds: DataSource) {}

  onModuleInit(): void {
    this.timer = setInterval(() => { void this.flush(); }, flushIntervalMs());
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  record(kind: AudienceKind, jobs: readonly { id: string; poster_id: string; status?: string }[], ctx: HandlerContext): void {
    if (!jobs.length) return;
    const viewer = viewerOf(ctx);
    if (!viewer) return;
    const day = new Date().toISOString().slice(0, 10);
    for (const job of jobs) {
      if (ctx.caller?.memberId === job.poster_id) continue;
      if (this.buffer.size >= MAX_BUFFERED) return;
      const key = `${job.id}|${day}|${kind}|${viewer}`;
      if (!this.buffer.has(key)) this.buffer.set(key, [job.id, day, kind, viewer, job.poster_id]);
    }
  }

  flush(): Promise<void> {
    if (this.flushing || this.buffer.size === 0) return this.flushing ?? Promise.resolve();
    const rows = [...this.buffer.values()];
    this.buffer = new Map();
    this.flushing = this.ds.query(
      `INSERT INTO job_audience (job_id, day, kind, viewer, poster_id)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::uuid[])
       ON CONFLICT DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), rows.map((r) => r[4])],
    ).then(() => undefined, () => undefined).finally(() => { this.flushing = undefined; });
    return this.flushing;
  }
}
