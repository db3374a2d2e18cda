import type { DataSource } from 'typeorm';
import { AppError } from '@marketplace/contracts';
import type { HandlerContext } from '@marketplace/service-kit';
import { safetyPolicy } from '../policy/safety-policy.js';

/**
 * Searches per caller per minute, shared by REST and search_jobs (one handler), counted in
 * PostgreSQL so it holds across replicas. The caller is the member, else the client IP.
 */
export async function countSearch(ds: DataSource, ctx: HandlerContext): Promise<void> {
  const who = ctx.caller ? `m:${ctx.caller.memberId}` : ctx.client?.ip ? `ip:${ctx.client.ip}` : null;
  if (!who) return;
  const limit = safetyPolicy().searchesPerMinute;
  const [row] = (await ds.query(
    `INSERT INTO search_usage (caller, window_start, count) VALUES ($1, date_trunc('minute', now()), 1)
     ON CONFLICT (caller, window_start) DO UPDATE SET count = search_usage.count + 1
     RETURNING count, extract(epoch FROM (window_start + interval '1 minute' - now()))::float AS reset`,
    [who],
  )) as { count: number; reset: number }[];
  if (row && row.count > limit) {
    throw AppError.tooMany(`You can search ${limit} times per minute. Wait a moment and try again.`, row.reset);
  }
  // Old windows are never read again; a rare cleanup keeps the table small.
  if (Math.random() < 0.01) {
    void ds.query(`DELETE FROM search_usage WHERE window_start < now() - interval '10 minutes'`).catch(() => undefined);
  }
}
