import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';
import { GetApplicantProfileHandler } from './applicants/get-applicant-profile.handler.js';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';

const handlers = [AuthenticateKeyHandler, GetMemberCardHandler, OperatorCreateMemberHandler, OperatorCreateApiKeyHandler];
const applicantHandlers = [GetApplicantProfileHandler];

@Module({ providers: [...handlers, ...applicantHandlers, handlersProvider(...handlers, ...applicantHandlers)] })
export class IdentityModule {}
