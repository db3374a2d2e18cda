import { randomUUID } from 'node:crypto';

import { AppError, type InputOf, operatorCreateMember, type OutputOf } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { insertMember, insertProfile, memberByEmail } from './members.queries.js';
import { missingProfileFields } from './profile-completeness.js';

/** Operator command line: a member whose email counts as verified, optionally ready to post. */
@Injectable()
export class OperatorCreateMemberHandler implements OperationHandler<typeof operatorCreateMember> {
  readonly operation = operatorCreateMember;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof operatorCreateMember>): Promise<OutputOf<typeof operatorCreateMember>> {
    return this.uow.run(async (em) => {
      const existing = await memberByEmail(em, input.email);
      if (existing) throw AppError.conflict('A member with this email already exists.', { email: 'Already registered.' });
      const saved = await insertMember(em, {
        id: randomUUID(),
        email: input.email,
        name: input.name,
        staff: input.staff,
        headline: input.completeProfile ? `${input.name} on the marketplace` : null,
        photo_url: null,
        email_verified_at: new Date(),
      });
      const profile = await insertProfile(
        em,
        input.completeProfile
          ? {
              memberId: saved.id,
              about: null,
              skills: [],
              city: 'Austin',
              state: 'TX',
              website: null,
              resume: `# ${input.name}\n\nResume to be written.`,
              usWorkAuthorized: true,
              applicantVisibility: 'anonymous' as const,
            }
          : { memberId: saved.id, skills: [], applicantVisibility: 'anonymous' as const },
      );
      return {
        id: saved.id,
        email: saved.email,
        name: saved.name,
        staff: saved.staff,
        emailVerified: true,
        missing: missingProfileFields(saved, profile),
        createdAt: saved.createdAt.toISOString(),
      };
    });
  }
}
