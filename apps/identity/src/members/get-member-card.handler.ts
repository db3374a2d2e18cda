import { AppError, getMemberCard, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { signUpPending } from '../admission/standing.js';
import { SettingsService } from '../settings/settings.service.js';
import { memberById, profileOf } from './members.queries.js';
import { missingProfileFields } from './profile-completeness.js';

@Injectable()
export class GetMemberCardHandler implements OperationHandler<typeof getMemberCard> {
  readonly operation = getMemberCard;

  constructor(
    private readonly ds: DataSource,
    private readonly settings: SettingsService,
  ) {}

  async handle({ memberId }: InputOf<typeof getMemberCard>): Promise<OutputOf<typeof getMemberCard>> {
    // Both reads at once, on two connections: each is a round trip a post waits for.
    const [member, profile] = await Promise.all([memberById(this.ds, memberId), profileOf(this.ds, memberId)]);
    if (!member || member.deletedAt) throw AppError.notFound('No such member.');
    return {
      id: member.id,
      name: member.name,
      headline: member.headline,
      photoUrl: member.photoUrl,
      emailVerified: member.emailVerifiedAt !== null,
      staff: member.staff,
      missing: missingProfileFields(member, profile),
      signUpFinished: !signUpPending(member, await this.settings.current()),
    };
  }
}
