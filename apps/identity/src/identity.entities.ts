import { EmailInvitationEntity } from './admission/email-invitation.entity.js';
import { InviteJoinEntity } from './admission/invite-join.entity.js';
import { InviteLinkEntity } from './admission/invite-link.entity.js';
import { WaitlistEntryEntity } from './admission/waitlist-entry.entity.js';
import { ApiKeyEntity } from './keys/api-key.entity.js';
import { MemberEntity } from './members/member.entity.js';
import { MemberPhotoEntity } from './members/member-photo.entity.js';
import { ProfileEntity } from './members/profile.entity.js';
import { Initial1795312792722 } from './migrations/1795312792722-initial.js';
import { MemberPages1795315137439 } from './migrations/1795315137439-member-pages.js';
import { Oauth1795315253663 } from './migrations/1795315253663-oauth.js';
import { SignInSessions1795315356003 } from './migrations/1795315356003-sign-in-sessions.js';
import { Admission1795315525918 } from './migrations/1795315525918-admission.js';
import { NetworkLookups1795316133921 } from './migrations/1795316133921-network-lookups.js';
import { ConnectedAgentGrant1795317562505 } from './migrations/1795317562505-connected-agent-grant.js';
import { KitLimits1795320100000 } from './migrations/1795320100000-kit-limits.js';
import { PhotosInObjectStorage1795416827764 } from './migrations/1795416827764-photos-in-object-storage.js';
import { HashOauthTokenIds1795420000000 } from './migrations/1795420000000-hash-oauth-token-ids.js';
import { Teams1795495176634 } from './migrations/1795495176634-teams.js';
import { MemberRemoval1795500000000 } from './migrations/1795500000000-member-removal.js';
import { TeamInvitations1795510000000 } from './migrations/1795510000000-team-invitations.js';
import { SealStoredSecrets1795800000000 } from './migrations/1795800000000-seal-stored-secrets.js';
import { IdentityWebhookEvents1795850000000 } from './migrations/1795850000000-identity-webhook-events.js';
import { MemberSuspension1796600000000 } from './migrations/1796600000000-member-suspension.js';
import { ConnectedAgentEntity } from './oauth/connected-agent.entity.js';
import { OAuthRecordEntity } from './oauth/oauth-record.entity.js';
import { SessionEntity } from './sessions/session.entity.js';
import { SettingEntity } from './settings/setting.entity.js';
import { FederatedIdentityEntity } from './sign-in/federated-identity.entity.js';
import { MagicLinkEntity } from './sign-in/magic-link.entity.js';
import { OidcRequestEntity } from './sign-in/oidc-request.entity.js';
import { IdentityWebhookEventEntity } from './sign-up/identity-webhook-event.entity.js';
import { NetworkLookupEntity } from './sign-up/network-lookup.entity.js';
import { TeamEntity, TeamInvitationEntity, TeamMemberEntity } from './teams/team.entity.js';

const oauthEntities = [OAuthRecordEntity, ConnectedAgentEntity];
const signInEntities = [SessionEntity, MagicLinkEntity, FederatedIdentityEntity, OidcRequestEntity];
const memberEntities = [
  MemberPhotoEntity,
  SettingEntity,
  InviteLinkEntity,
  InviteJoinEntity,
  EmailInvitationEntity,
  WaitlistEntryEntity,
  NetworkLookupEntity,
  TeamEntity,
  TeamMemberEntity,
  TeamInvitationEntity,
  IdentityWebhookEventEntity,
];
export const identityEntities = [MemberEntity, ProfileEntity, ApiKeyEntity, ...signInEntities, ...oauthEntities, ...memberEntities];
export const identityMigrations = [
  Initial1795312792722,
  MemberPages1795315137439,
  Oauth1795315253663,
  SignInSessions1795315356003,
  Admission1795315525918,
  NetworkLookups1795316133921,
  ConnectedAgentGrant1795317562505,
  KitLimits1795320100000,
  PhotosInObjectStorage1795416827764,
  HashOauthTokenIds1795420000000,
  Teams1795495176634,
  MemberRemoval1795500000000,
  TeamInvitations1795510000000,
  SealStoredSecrets1795800000000,
  IdentityWebhookEvents1795850000000,
  MemberSuspension1796600000000,
];
