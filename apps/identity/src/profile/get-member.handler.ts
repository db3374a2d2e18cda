import { AppError, getMember, getMemberPageJobs, getMemberWorkRecord, type InputOf, type OutputOf, US_STATE_NAMES } from '@marketplace/contracts';
import { BusClient, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { memberById, profileOf } from '../members/members.queries.js';
import { publicCard } from './member-card-event.js';

/**
 * A member's public page. Built field by field from what is public, so email, resume and work
 * authorization cannot leak into it.
 */
@Injectable()
export class GetMemberHandler implements OperationHandler<typeof getMember> {
  readonly operation = getMember;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle({ id, view }: InputOf<typeof getMember>, ctx: HandlerContext): Promise<OutputOf<typeof getMember>> {
    const notFound = AppError.notFound('No member with this id.');
    const member = await memberById(this.ds, id);
    if (!member || member.deletedAt) throw notFound;
    // A member removed by moderators keeps their name, record and jobs; what they wrote about themselves goes.
    const removed = member.removedAt !== null;
    const profile = removed ? null : await profileOf(this.ds, id);
    const card = publicCard(member);
    const record = await this.bus.call(getMemberWorkRecord, { memberId: id }, ctx);
    const state = (profile?.state ?? null) as keyof typeof US_STATE_NAMES | null;
    if (view === 'preview') {
      return {
        id: member.id,
        name: card.name,
        photoUrl: card.photoUrl,
        headline: card.headline ?? '',
        city: profile?.city ?? '',
        state,
        rating: record.rating,
      };
    }
    const jobs = await this.bus.call(getMemberPageJobs, { memberId: id, doneJobIds: record.jobsDone }, ctx);
    return {
      id: member.id,
      name: card.name,
      photoUrl: card.photoUrl,
      headline: card.headline ?? '',
      about: profile?.about ?? '',
      skills: profile?.skills ?? [],
      city: profile?.city ?? '',
      state,
      stateName: state ? US_STATE_NAMES[state] : null,
      website: profile?.website ?? null,
      networkUrl: removed ? null : member.networkUrl,
      createdAt: member.createdAt.toISOString(),
      jobsPosted: jobs.posted,
      jobsDone: jobs.done,
      rating: record.rating,
      ratings: record.ratings,
    };
  }
}
