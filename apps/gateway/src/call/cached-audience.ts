import { randomUUID } from 'node:crypto';

import { CACHED_AUDIENCE_MAX_READERS, type InputOf, recordCachedAudience } from '@marketplace/contracts';
import { batchingSettings, type BusClient, CountsBatch, type Logger } from '@marketplace/service-kit/edge';

type Reader = InputOf<typeof recordCachedAudience>['readers'][number];
type Held = Omit<Reader, 'jobIds'> & { jobIds: Set<string> };

/** What a page answered from the cache counts (PublicCache.audience), worked out once as it is stored. */
export interface PageAudience {
  kind: Reader['kind'];
  /** The open jobs the page shows. */
  jobIds: readonly string[];
}

/** Readers held between two sends; past it a new reader waits for the next interval's count. */
const MAX_READERS = CACHED_AUDIENCE_MAX_READERS;

/**
 * The jobs whose audience a page counts, from the answer the service gave: every open job of its
 * `jobs` list (impressions), or the job it is when open (a view). Undefined when it counts none.
 */
export function pageAudience(kind: Reader['kind'] | undefined, body: Buffer): PageAudience | undefined {
  if (!kind) return undefined;
  let page: unknown;
  try {
    page = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const shown = kind === 'view' ? [page] : (page as { jobs?: unknown } | null)?.jobs;
  if (!Array.isArray(shown)) return undefined;
  const jobIds = shown
    .flatMap((job: unknown) => {
      const { id, status } = (job ?? {}) as { id?: unknown; status?: unknown };
      return typeof id === 'string' && status === 'open' ? [id] : [];
    })
    .slice(0, 200);
  return jobIds.length ? { kind, jobIds } : undefined;
}

/**
 * Board reads the gateway answered from its cache, which no service saw, counted for the jobs'
 * posters as the jobs service counts the reads it answers (it decides who counts: crawlers and
 * posters' own visits are left out there). Held per reader (address and user agent, as the service
 * tells anonymous readers apart) and sent in batches (the kit's CountsBatch) every
 * AUDIENCE_FLUSH_MS, the interval the service writes its own counts at.
 */
export class CachedAudience extends CountsBatch<Held> {
  constructor(send: (readers: Reader[]) => Promise<unknown>, opts: { flushMs: number; failed?: (err: unknown) => void }) {
    super((held) => send(held.map((r) => ({ ...r, jobIds: [...r.jobIds] }))), opts);
  }

  /** Sending to the jobs service over the bus as the gateway itself (no caller). */
  static onBus(bus: BusClient, logger: Logger): CachedAudience {
    const flushMs = batchingSettings().audienceFlushMs;
    return new CachedAudience((readers) => bus.call(recordCachedAudience, { readers }, { requestId: randomUUID(), caller: null }), {
      flushMs,
      failed: (err) => logger.warn({ err }, 'board reads answered from the cache not counted'),
    });
  }

  /** One read of a page answered from the cache. */
  hit(audience: PageAudience | undefined, ip: string | undefined, userAgent: string | undefined): void {
    if (!audience || !ip) return;
    const ua = userAgent?.slice(0, 512);
    const key = `${audience.kind}\n${ip}\n${ua ?? ''}`;
    if (!this.has(key) && this.size >= MAX_READERS) return;
    const reader = this.entry(key, () => ({ kind: audience.kind, ip: ip.slice(0, 64), ...(ua ? { userAgent: ua } : {}), jobIds: new Set<string>() }));
    for (const id of audience.jobIds) {
      if (reader.jobIds.size >= 200) break;
      reader.jobIds.add(id);
    }
  }
}
