import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { CreateMyApiKeyHandler, ListMyApiKeysHandler, RevokeMyApiKeyHandler } from './keys/my-api-keys.handlers.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';
import { AuthenticateOAuthHandler } from './oauth/authenticate-oauth.handler.js';
import { DisconnectAgentHandler } from './oauth/disconnect-agent.handler.js';
import { ListConnectedAgentsHandler } from './oauth/list-connected-agents.handler.js';
import { OAuthAccountHandler } from './oauth/oauth-account.handler.js';
import { OAuthServerKeysHandler } from './oauth/oauth-server-keys.handler.js';
import {
  OAuthConsumeHandler, OAuthDestroyHandler, OAuthFindHandler, OAuthRevokeByGrantHandler, OAuthUpsertHandler,
} from './oauth/oauth-store.handlers.js';
import { RecordAgentConsentHandler } from './oauth/record-agent-consent.handler.js';
import { RemoveAgentAccessConsumer } from './oauth/remove-agent-access.consumer.js';
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
const oauthHandlers = [
  OAuthUpsertHandler, OAuthFindHandler, OAuthConsumeHandler, OAuthDestroyHandler, OAuthRevokeByGrantHandler,
  OAuthServerKeysHandler, OAuthAccountHandler, AuthenticateOAuthHandler, RecordAgentConsentHandler,
  ListConnectedAgentsHandler, DisconnectAgentHandler,
];

@Module({
  providers: [
    ...handlers, ...signInHandlers, ...signInServices, ...oauthHandlers,
    handlersProvider(...handlers, ...signInHandlers, ...oauthHandlers),
    RemoveAgentAccessConsumer, consumersProvider(RemoveAgentAccessConsumer),
  ],
})
export class IdentityModule {}
