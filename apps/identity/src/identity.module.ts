import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { CreateMyApiKeyHandler, ListMyApiKeysHandler, RevokeMyApiKeyHandler } from './keys/my-api-keys.handlers.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';
import { AuthenticateSessionHandler } from './sessions/authenticate-session.handler.js';
import { EndSessionHandler } from './sessions/end-session.handler.js';
import { SessionStore } from './sessions/session-store.js';
import { GetAccountAdminHandler, ListAuthMethodsHandler } from './sign-in/auth-methods.handlers.js';
import { Mailer } from './sign-in/mailer.js';
import { MemberSignIn } from './sign-in/member-sign-in.js';
import { OidcClient } from './sign-in/oidc-client.js';
import { CompleteOidcSignInHandler, StartOidcSignInHandler } from './sign-in/oidc-sign-in.handlers.js';
import { RequestMagicLinkHandler } from './sign-in/request-magic-link.handler.js';
import { VerifyMagicLinkHandler } from './sign-in/verify-magic-link.handler.js';

const handlers = [AuthenticateKeyHandler, GetMemberCardHandler, OperatorCreateMemberHandler, OperatorCreateApiKeyHandler];
const signInHandlers = [
  RequestMagicLinkHandler, VerifyMagicLinkHandler, AuthenticateSessionHandler, EndSessionHandler,
  ListAuthMethodsHandler, GetAccountAdminHandler, ListMyApiKeysHandler, CreateMyApiKeyHandler, RevokeMyApiKeyHandler,
  StartOidcSignInHandler, CompleteOidcSignInHandler,
];
const signInServices = [SessionStore, Mailer, MemberSignIn, OidcClient];

@Module({ providers: [...handlers, ...signInHandlers, ...signInServices, handlersProvider(...handlers, ...signInHandlers)] })
export class IdentityModule {}
