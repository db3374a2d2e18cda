import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, operatorCreateMember, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type OperationHandler } from '@marketplace/service-kit';
import { MemberEntity } from './member.entity.js';
import { ProfileEntity } from './profile.entity.js';
import { missingProfileFields } from './profile-completeness.js';

/** Operator command line: a member whose email counts as verified, optionally ready to post. */
@Injectable()
export class OperatorCreateMemberHandler implements OperationHandler<typeof operatorCreateMember> {
  readonly operation = operatorCreateMember;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof operatorCreateMember>): Promise<OutputOf<typeof operatorCreateMember>> {
    return this.uow.run(async (em) => {
      const existing = await em.findOneBy(MemberEntity, { email: input.email });
      if (existing) throw AppError.conflict('A member with this email already exists.', { email: 'Already registered.' });
      const member = em.create(MemberEntity, {
        id: randomUUID(), email: input.email, name: input.name, staff: input.staff,
        headline: input.completeProfile ? `${input.name} on the marketplace` : null,
        photoUrl: null, emailVerifiedAt: new Date(),
      });
      await em.insert(MemberEntity, member);
      const profile = em.create(ProfileEntity, input.completeProfile
        ? { memberId: member.id, about: null, skills: [], city: 'Austin', state: 'TX', website: null,
            resume: `# ${input.name}\n\nResume to be written.`, usWorkAuthorized: true, applicantVisibility: 'anonymous' as const }
        : { memberId: member.id, skills: [], applicantVisibility: 'anonymous' as const });
      await em.insert(ProfileEntity, profile);
      const saved = await em.findOneByOrFail(MemberEntity, { id: member.id });
      return {
        id: saved.id, email: saved.email, name: saved.name, staff: saved.staff, emailVerified: true,
        missing: missingProfileFields(saved, profile), createdAt: saved.createdAt.toISOString(),
      };
    });
  }
}
