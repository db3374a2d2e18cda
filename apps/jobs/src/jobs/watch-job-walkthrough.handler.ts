import { AppError, type InputOf, type OutputOf, videoContentType, watchJobWalkthrough } from '@marketplace/contracts';
import { AccessSettingsCache, type HandlerContext, type OperationHandler, requireReadAccess } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { isExpired, walkthroughOf } from './jobs.queries.js';
import { linkViewer, walkthroughSecret } from './walkthrough-link.js';

/**
 * Serves the job's walkthrough video by its object key (the gateway streams it, with Range). The
 * rules are checked on every GET and HEAD, so a link stops working once its holder loses access.
 * Without a link it is a public job read: while the service is invite-only it needs a member who
 * was let in, as the job itself does (401 signed out, 403 not let in). A private link is made
 * for and checked against the poster or worker it names, so it needs no further check.
 */
@Injectable()
export class WatchJobWalkthroughHandler implements OperationHandler<typeof watchJobWalkthrough> {
  readonly operation = watchJobWalkthrough;

  constructor(
    private readonly ds: DataSource,
    private readonly access: AccessSettingsCache,
  ) {}

  async handle(input: InputOf<typeof watchJobWalkthrough>, ctx: HandlerContext): Promise<OutputOf<typeof watchJobWalkthrough>> {
    if (input.link === undefined) await requireReadAccess(ctx, this.access);
    const notFound = AppError.notFound('No walkthrough video of this job is visible to you.');
    const row = await walkthroughOf(this.ds, input.id);
    if (!row?.walkthrough_key || !row.walkthrough_secret || row.status === 'closed') throw notFound;
    if (input.link !== undefined) {
      const viewer = linkViewer(walkthroughSecret(row.walkthrough_secret), input.id, input.link);
      if (!viewer) throw AppError.forbidden('This walkthrough link is not valid or has expired: open the job again for a fresh one.');
      if (viewer !== row.poster_id && viewer !== row.worker_id) throw notFound;
    } else {
      const open = row.status === 'open' && !isExpired(row);
      if (row.poster_visibility !== 'public' || !open || row.safety_hidden) throw notFound;
    }
    return { key: row.walkthrough_key, contentType: videoContentType(row.walkthrough_key), cacheControl: 'private, no-store' };
  }
}
