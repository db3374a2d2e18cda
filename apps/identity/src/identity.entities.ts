import { ApiKeyEntity } from './keys/api-key.entity.js';
import { KeyUsageEntity } from './keys/key-usage.entity.js';
import { MemberEntity } from './members/member.entity.js';
import { ProfileEntity } from './members/profile.entity.js';
import { ConnectedAgentEntity } from './oauth/connected-agent.entity.js';
import { OAuthRecordEntity } from './oauth/oauth-record.entity.js';
import { Initial1795312792722 } from './migrations/1795312792722-initial.js';
import { Oauth1795315253663 } from './migrations/1795315253663-oauth.js';
import { ConnectedAgentGrant1795317562505 } from './migrations/1795317562505-connected-agent-grant.js';
import { SignInSessions1795315356003 } from './migrations/1795315356003-sign-in-sessions.js';
import { SessionEntity } from './sessions/session.entity.js';
import { FederatedIdentityEntity } from './sign-in/federated-identity.entity.js';
import { MagicLinkEntity } from './sign-in/magic-link.entity.js';
import { OidcRequestEntity } from './sign-in/oidc-request.entity.js';
import { SignInRateEntity } from './sign-in/sign-in-rate.entity.js';

const oauthEntities = [OAuthRecordEntity, ConnectedAgentEntity];
export const identityEntities = [
  MemberEntity, ProfileEntity, ApiKeyEntity, KeyUsageEntity,
  SessionEntity, MagicLinkEntity, SignInRateEntity, FederatedIdentityEntity, OidcRequestEntity,
  ...oauthEntities,
];
export const identityMigrations = [
  Initial1795312792722, Oauth1795315253663, SignInSessions1795315356003, ConnectedAgentGrant1795317562505,
];
