import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import { type Operation, type PublicCache, publicPageEvents, SETTINGS_CHANGED_SUBJECT } from '@marketplace/contracts';
import { type BroadcastConsumer, TtlCache } from '@marketplace/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { type CachedAudience, type PageAudience, pageAudience } from './cached-audience.js';

/** One anonymous answer, serialised once and served as bytes to every anonymous reader. */
export interface CachedPage {
  body: Buffer;
  etag: string;
  expiresAt: number;
  /** The operation's success status, answered with the page. */
  status: number;
  /** What a read of it counts for its jobs' posters (PublicCache.audience). */
  audience: PageAudience | undefined;
}

/** Every API answer, cached pages too (the contract); the gateway's own cache is what saves work. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'no-store';

/** Bounds memory when readers vary the query string endlessly; the oldest page goes first. */
const MAX_PAGES = 2_000;

/**
 * The shared cache of anonymous public pages, keyed by full URL. Events that change public pages
 * (and admission settings, which may close the board to anonymous readers) drop it whole:
 * they are rare next to reads, and a partial drop would have to know which pages each event
 * touches. The cache is a broadcast consumer (the kit's event consumer in broadcast mode), so every
 * gateway replica hears every one; a missed one is bounded by the page's shared max age, and a
 * reconnect to NATS, when some may have been missed, drops it too. The pages are held in the kit's
 * TtlCache, each until its own shared max age.
 */
export class PublicPageCache implements BroadcastConsumer {
  readonly name = 'public-page-cache';
  readonly events = [...publicPageEvents, SETTINGS_CHANGED_SUBJECT];
  private readonly pages: TtlCache<CachedPage>;
  private generation = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly counted?: CachedAudience,
  ) {
    this.pages = new TtlCache<CachedPage>(0, MAX_PAGES, 0, now);
  }

  /**
   * A read answered with a held page, by either path: what it counts goes to the jobs service,
   * which saw no request. The read that stored the page was counted by the service itself.
   */
  served(page: CachedPage, ip: string | undefined, userAgent: string | undefined): void {
    this.counted?.hit(page.audience, ip, userAgent);
  }

  hear(): void {
    this.clear();
  }

  missed(): void {
    this.clear();
  }

  /** Taken before a read is forwarded, so a page read before a change is never stored after it. */
  get version(): number {
    return this.generation;
  }

  get(url: string): CachedPage | undefined {
    return this.pages.peek(url);
  }

  /** The page for `body`; kept only when nothing changed since `version` was taken. */
  store(url: string, version: number, body: Buffer, policy: PublicCache, status: number): CachedPage {
    // Readers asking for a fresh page mostly get the same bytes again: comparing them is far
    // cheaper than hashing them, and the same bytes keep the same strong ETag.
    const held = this.pages.peek(url);
    const same = held?.body.equals(body) === true;
    const page: CachedPage = {
      body,
      etag: same ? held!.etag : strongEtag(body),
      expiresAt: this.now() + policy.sharedMaxAgeS * 1000,
      status,
      audience: same ? held!.audience : pageAudience(policy.audience, body),
    };
    if (version !== this.generation) return page;
    this.pages.set(url, page, page.expiresAt);
    return page;
  }

  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /**
   * After a successful call through this gateway: a write is visible on the very next read here,
   * before its event has travelled through the outbox and the stream.
   */
  afterCall(op: Operation): void {
    if (op.rest?.method !== 'GET') this.clear();
  }
}

export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a W/ prefix still matches. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The same page answers signed-in and anonymous requests differently; shared caches must tell them apart. */
export const PUBLIC_PAGE_VARY = 'Authorization, Cookie';

/** `Cache-Control: no-cache` from the reader: answer from the service (the fresh page then replaces the stored one). */
export function asksForFresh(headers: IncomingHttpHeaders): boolean {
  const directives = headers['cache-control'];
  return typeof directives === 'string' && /(^|,)\s*no-cache\s*(,|$)/i.test(directives);
}

export const PAGE_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * An anonymous answer: ETag, `no-store`, and 304 when the reader already holds it.
 * The front path (`http/front-cache.ts`) answers a held page with the same headers before Fastify.
 */
export function sendPublicPage(req: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL).header('etag', page.etag).header('vary', PUBLIC_PAGE_VARY);
  if (matchesIfNoneMatch(req.headers['if-none-match'], page.etag)) return reply.code(304).send();
  return reply.code(page.status).type(PAGE_CONTENT_TYPE).send(page.body);
}
