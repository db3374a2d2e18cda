import { getJobPerformance, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { HandlerContext, OperationHandler } from '@marketplace/service-kit';
import { callerOf } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { AudienceRecorder } from './audience-recorder.js';
import { applicationsOf, audienceOf, reportedJobsOf } from './performance.queries.js';

type Output = OutputOf<typeof getJobPerformance>;
interface Counts {
  impressions: number;
  views: number;
  applications: number;
  agent: number;
}

const DAY_MS = 86_400_000;
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);

function totals(c: Counts): Output['totals'] {
  return {
    impressions: c.impressions,
    views: c.views,
    viewRate: ratio(c.views, c.impressions),
    applications: c.applications,
    applyRate: ratio(c.applications, c.views),
    agentShare: ratio(c.agent, c.applications),
  };
}

/**
 * The caller's jobs over the last 7, 30 or 90 UTC days (today included) and the same span before.
 * Per-job rows cover the jobs the poster can still see (closed jobs are found by nobody) and
 * totals cover every job.
 */
@Injectable()
export class GetJobPerformanceHandler implements OperationHandler<typeof getJobPerformance> {
  readonly operation = getJobPerformance;

  constructor(
    private readonly ds: DataSource,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle({ days }: InputOf<typeof getJobPerformance>, ctx: HandlerContext): Promise<Output> {
    const caller = callerOf(ctx);
    // What this replica still buffers belongs in the report.
    await this.recorder.flush();
    const now = new Date();
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
    const from = new Date(to.getTime() - days * DAY_MS);
    const prevFrom = new Date(from.getTime() - days * DAY_MS);
    const day = (d: Date) => d.toISOString().slice(0, 10);

    const [audience, applications, jobs] = await Promise.all([
      audienceOf(this.ds, caller.memberId, day(prevFrom), day(to)),
      applicationsOf(this.ds, caller.memberId, prevFrom, to),
      reportedJobsOf(this.ds, caller.memberId),
    ]);

    const empty = (): Counts => ({ impressions: 0, views: 0, applications: 0, agent: 0 });
    const current = empty();
    const previous = empty();
    const byDay = new Map<string, Counts>();
    const byJob = new Map<string, Counts>();
    const fromDay = day(from);
    for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) byDay.set(day(new Date(t)), empty());
    const add = (jobId: string, d: string, apply: (c: Counts) => void) => {
      if (d < fromDay) return apply(previous);
      apply(current);
      const daily = byDay.get(d);
      if (daily) apply(daily);
      if (!byJob.has(jobId)) byJob.set(jobId, empty());
      apply(byJob.get(jobId)!);
    };
    for (const r of audience)
      add(r.job_id, r.day, (c) => {
        c[r.kind === 'view' ? 'views' : 'impressions'] += r.n;
      });
    for (const r of applications)
      add(r.job_id, r.day, (c) => {
        c.applications += r.n;
        c.agent += r.agent;
      });

    return {
      days,
      from: from.toISOString(),
      to: to.toISOString(),
      totals: totals(current),
      previous: totals(previous),
      daily: [...byDay].map(([date, c]) => ({ date, impressions: c.impressions, views: c.views, applications: c.applications })),
      jobs: jobs.map((j) => ({ jobId: j.id, title: j.title, status: j.status, ...totals(byJob.get(j.id) ?? empty()) })),
    };
  }
}
