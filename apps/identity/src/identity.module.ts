import { Module } from '@nestjs/common';
import { handlersProvider } from '@marketplace/service-kit';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
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

const handlers = [AuthenticateKeyHandler, GetMemberCardHandler, OperatorCreateMemberHandler, OperatorCreateApiKeyHandler];
const oauthHandlers = [
  OAuthUpsertHandler, OAuthFindHandler, OAuthConsumeHandler, OAuthDestroyHandler, OAuthRevokeByGrantHandler,
  OAuthServerKeysHandler, OAuthAccountHandler, AuthenticateOAuthHandler, RecordAgentConsentHandler,
  ListConnectedAgentsHandler, DisconnectAgentHandler,
];

@Module({ providers: [...handlers, ...oauthHandlers, handlersProvider(...handlers, ...oauthHandlers)] })
export class IdentityModule {}
