import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';
import { ResolveMemberReferencesHandler } from './lookup/resolve-member-references.handler.js';

const handlers = [AuthenticateKeyHandler, GetMemberCardHandler, OperatorCreateMemberHandler, OperatorCreateApiKeyHandler,
  ResolveMemberReferencesHandler];

@Module({ providers: [...handlers, handlersProvider(...handlers)] })
export class IdentityModule {}
