import { AppError, getApplicantProfile, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { memberById, profileOf } from '../members/members.queries.js';
import { missingProfileFields } from '../members/profile-completeness.js';

/**
 * The applicant snapshot the applications service attaches to an application (and the contact it
 * shares once hired). Private: carries email and resume, so it is internal only.
 */
@Injectable()
export class GetApplicantProfileHandler implements OperationHandler<typeof getApplicantProfile> {
  readonly operation = getApplicantProfile;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getApplicantProfile>): Promise<OutputOf<typeof getApplicantProfile>> {
    // Both reads at once, on two connections: each is a round trip a hire or an application waits for.
    const [member, profile] = await Promise.all([memberById(this.ds, memberId), profileOf(this.ds, memberId)]);
    if (!member) throw AppError.notFound('No such member.');
    return {
      id: member.id,
      name: member.name,
      headline: member.headline,
      photoUrl: member.photoUrl,
      skills: profile?.skills ?? [],
      city: profile?.city ?? null,
      state: profile?.state ?? null,
      website: profile?.website ?? null,
      networkUrl: null,
      resume: profile?.resume ?? null,
      email: member.email,
      applicantVisibility: profile?.applicantVisibility ?? 'anonymous',
      missing: missingProfileFields(member, profile),
    };
  }
}
