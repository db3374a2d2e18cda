import { AppError, type InputOf, type OutputOf, updateMyProfile } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { insertProfile, type Profile, saveProfile, updateMember } from '../members/members.queries.js';
import { SignUpState } from '../sign-up/sign-up-state.js';
import { loadOwnAccount, toMe } from './me.mapper.js';
import { recordCardChange } from './member-card-event.js';
import { checkProfileText } from './profile-text-review.js';

type ProfileFields = Exclude<keyof InputOf<typeof updateMyProfile>, 'headline'>;
const PROFILE_FIELDS: ProfileFields[] = ['about', 'skills', 'city', 'state', 'website', 'resume', 'usWorkAuthorized', 'applicantVisibility'];

/** Only the fields sent change; the rest keep their saved values. */
@Injectable()
export class UpdateMyProfileHandler implements OperationHandler<typeof updateMyProfile> {
  readonly operation = updateMyProfile;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly signUp: SignUpState,
  ) {}

  async handle(input: InputOf<typeof updateMyProfile>, ctx: HandlerContext): Promise<OutputOf<typeof updateMyProfile>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().profileChanges, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const sent = Object.entries(input).filter(([, v]) => v !== undefined);
    if (sent.length === 0) {
      throw AppError.badRequest('Send at least one profile field to change.', { _: 'Nothing to change.' });
    }
    checkProfileText(input);
    const { member, profile } = await this.uow.run(async (em) => {
      const { member, profile } = await loadOwnAccount(em, caller.memberId, true);
      if (input.headline !== undefined) {
        const before = { ...member };
        member.headline = input.headline;
        await updateMember(em, member.id, { headline: input.headline });
        await recordCardChange(em, before, member);
      }
      const changes: Partial<Profile> = {};
      for (const key of PROFILE_FIELDS) {
        if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
      }
      let saved = profile;
      if (Object.keys(changes).length) {
        saved = {
          memberId: member.id,
          about: null,
          skills: [],
          city: null,
          state: null,
          website: null,
          resume: null,
          usWorkAuthorized: null,
          applicantVisibility: 'anonymous',
          ...profile,
          ...changes,
          updatedAt: new Date(),
        };
        await saveProfile(em, saved);
      } else if (!saved) {
        // A headline alone still creates the profile, so the member sees what they saved.
        saved = await insertProfile(em, { memberId: member.id, skills: [], applicantVisibility: 'anonymous' });
      }
      return { member, profile: saved };
    });
    const enabled = await this.signUp.verificationEnabled();
    return toMe(member, profile, await this.signUp.of(member), enabled);
  }
}
