import { AppError, findMyNetworkProfile, importNetworkProfile, type InputOf, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { type Profile, saveProfile, updateMember } from '../members/members.queries.js';
import { loadOwnAccount } from '../profile/me.mapper.js';
import { recordCardChange } from '../profile/member-card-event.js';
import { checkProfileText } from '../profile/profile-text-review.js';
import { importedValues } from './network-import-values.js';
import { NetworkProvider } from './network-provider.js';
import { SignUpState } from './sign-up-state.js';

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

@Injectable()
export class FindMyNetworkProfileHandler implements OperationHandler<typeof findMyNetworkProfile> {
  readonly operation = findMyNetworkProfile;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly provider: NetworkProvider,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof findMyNetworkProfile>> {
    const caller = callerOf(ctx);
    const member = await this.uow.run(async (em) => {
      const { member } = await loadOwnAccount(em, caller.memberId);
      await countAttempt(em, limitBuckets().networkLookups, caller.memberId);
      return member;
    });
    const matches = await this.provider.search(member.name);
    return {
      profiles: matches
        .filter((m) => sameName(m.name, member.name))
        .slice(0, 3)
        .map((m) => ({
          networkUrl: m.url,
          name: m.name,
          headline: m.headline,
          location: m.location,
          photoUrl: m.photoUrl,
        })),
    };
  }
}

/**
 * Imports a public network profile. Everything required is checked before anything is written,
 * so a profile that lacks something saves nothing and `fields` says what to send.
 */
@Injectable()
export class ImportNetworkProfileHandler implements OperationHandler<typeof importNetworkProfile> {
  readonly operation = importNetworkProfile;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly provider: NetworkProvider,
    private readonly signUp: SignUpState,
  ) {}

  async handle(input: InputOf<typeof importNetworkProfile>, ctx: HandlerContext): Promise<OutputOf<typeof importNetworkProfile>> {
    const caller = callerOf(ctx);
    await this.uow.run((em) => countAttempt(em, limitBuckets().networkImports, caller.memberId));
    const imported = await this.provider.profile(input.networkUrl);
    if (!imported) throw AppError.notFound('No public network profile at this link.');

    const { member, profile } = await this.uow.run(async (em) => {
      const { member, profile } = await loadOwnAccount(em, caller.memberId, true);
      const fields: Record<string, string> = {};
      const values = importedValues(imported);
      const name = values.name;
      if (!name) fields.networkUrl = 'The profile has no name.';
      const usWorkAuthorized = input.usWorkAuthorized ?? profile?.usWorkAuthorized ?? null;
      if (usWorkAuthorized === null) fields.usWorkAuthorized = 'Required on a first import.';
      const city = input.city ?? values.city;
      if (!city) fields.city = 'The profile has no city; send city.';
      const state = input.state ?? values.state;
      if (!state) fields.state = 'The profile has no US state; send state.';
      if (Object.keys(fields).length) {
        throw AppError.badRequest('Something required is missing; nothing was saved.', fields);
      }
      const { headline, about, skills, website } = values;
      // Imported text becomes public like typed text, and is checked the same way.
      checkProfileText({ headline, about, skills, city, website });
      const before = { ...member };
      member.name = name!;
      member.headline = headline;
      member.networkUrl = input.networkUrl;
      await updateMember(em, member.id, { name: member.name, headline: member.headline, network_url: member.networkUrl });
      await recordCardChange(em, before, member);
      const saved: Profile = {
        memberId: member.id,
        about,
        skills,
        city,
        state,
        website,
        resume: values.resume,
        usWorkAuthorized,
        applicantVisibility: profile?.applicantVisibility ?? 'anonymous',
        updatedAt: new Date(),
      };
      await saveProfile(em, saved);
      return { member, profile: saved };
    });
    return this.signUp.me(member, profile);
  }
}
