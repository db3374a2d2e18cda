import { AppError, type AuthorizedJobDetail, getJob, type InputOf, listJobAttachments, type OutputOf } from '@marketplace/contracts';
import { BusClient, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { isCurrentWorker, viewerApplication } from '../hiring/viewer-application.js';
import { AudienceRecorder } from '../performance/audience-recorder.js';
import { toJob } from './job.mapper.js';
import { asSeenByPoster, findJobRow, hasExpired, isExpired, walkthroughSecretOf } from './jobs.queries.js';
import { walkthroughLink, walkthroughSecret } from './walkthrough-link.js';

/**
 * Job details for a signed-in caller (and, over MCP, for anyone on public jobs). Only the poster
 * (and the current hire) reads a job that is not public, and only the poster a closed or expired
 * one; to everyone else such a job does not exist.
 */
@Injectable()
export class GetJobHandler implements OperationHandler<typeof getJob> {
  readonly operation = getJob;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
    private readonly recorder: AudienceRecorder,
  ) {}

  async handle({ id }: InputOf<typeof getJob>, ctx: HandlerContext): Promise<OutputOf<typeof getJob>> {
    const notFound = AppError.notFound('No job with this id is visible to you.');
    const found = await findJobRow(this.ds, id);
    if (!found) throw notFound;
    // Closed, or past its closing time: found by its poster alone, who keeps it in their history.
    const closed = found.status === 'closed' || isExpired(found);
    if (closed && ctx.caller?.memberId !== found.poster_id) throw notFound;
    const row = asSeenByPoster(found);
    // The current hire reads the job as its poster does (anonymous identity, non-public states).
    const isPoster = ctx.caller?.memberId === row.poster_id || (await isCurrentWorker(this.ds, id, ctx.caller?.memberId));
    const isPublic = !row.safety_hidden && (row.status === 'open' || row.status === 'completed');
    if (!isPublic && !isPoster) throw notFound;
    if (row.status === 'open' && isPublic) this.recorder.record('view', [row], ctx);
    const job = toJob(row, { revealPoster: isPoster, withApplicants: isPublic, detail: true });
    // Participants who cannot use the public address (anonymous posters) get a ten-minute link of their own.
    // A closed job's video is served to nobody, so it gets no link.
    if (isPoster && !closed && row.has_walkthrough && !job.walkthroughUrl && ctx.caller) {
      job.walkthroughUrl = await this.privateWalkthrough(id, ctx.caller.memberId);
    }
    return {
      ...job,
      application: await viewerApplication(this.bus, id, ctx),
      attachments: await this.attachments(id, isPoster, ctx),
      // Whether a closed job was closed or ran out of time is its poster's history, as in My jobs.
      ...(isPoster ? { expired: closed && (isExpired(found) || (await hasExpired(this.ds, id))) } : {}),
    };
  }

  private async privateWalkthrough(jobId: string, memberId: string): Promise<string | null> {
    const sealed = await walkthroughSecretOf(this.ds, jobId);
    return sealed ? walkthroughLink(walkthroughSecret(sealed), jobId, memberId) : null;
  }

  /**
   * The job's files, asked of the files service with the caller's own context: it alone decides
   * who may see them (the poster, a worker the poster granted access). Anyone else, signed out,
   * or the files service failing: `unavailable`, which reveals nothing.
   */
  private async attachments(jobId: string, participant: boolean, ctx: HandlerContext): Promise<AuthorizedJobDetail['attachments']> {
    if (!ctx.caller || !participant) return { status: 'unavailable' };
    const answer = await this.bus.call(listJobAttachments, { jobId }, ctx).catch(() => null);
    return answer?.available ? { status: 'available', files: answer.files } : { status: 'unavailable' };
  }
}
