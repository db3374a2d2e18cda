import { ACCESS_SETTINGS_SOURCE, consumersProvider, handlersProvider, periodicTasksProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import { DeleteMyAccountHandler } from './account/delete-my-account.handler.js';
import { IdentityMemberDeletedConsumer } from './account/member-deleted.consumer.js';
import { AcceptInvitationHandler } from './admission/accept-invitation.handler.js';
import { CallerStanding } from './admission/caller-standing.js';
import { EmailInvitations } from './admission/email-invitations.js';
import { GetAccessHandler } from './admission/get-access.handler.js';
import { GetMyInviteLinkHandler } from './admission/get-my-invite-link.handler.js';
import { InvitationMailer } from './admission/invitation-mailer.js';
import { InviteByEmailHandler } from './admission/invite-by-email.handler.js';
import { JoinWaitlistHandler } from './admission/join-waitlist.handler.js';
import { InviteFromWaitlistHandler, ListInviteLinksHandler, ListWaitlistHandler } from './admission/staff-admission.handlers.js';
import { GetApplicantProfileHandler } from './applicants/get-applicant-profile.handler.js';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { CreateMyApiKeyHandler, ListMyApiKeysHandler, RevokeMyApiKeyHandler } from './keys/my-api-keys.handlers.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { CreateCandidateApiKeyHandler, CreateTeamApiKeyHandler } from './keys/surface-api-keys.handlers.js';
import { GetMemberContactHandler } from './lookup/get-member-contact.handler.js';
import { GetSenderContactsHandler } from './lookup/get-sender-contacts.handler.js';
import { ResolveMemberReferencesHandler } from './lookup/resolve-member-references.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';
import { FindReportedMemberHandler } from './moderation/find-reported-member.handler.js';
import { SetMemberRemovedHandler } from './moderation/set-member-removed.handler.js';
import { LiftSuspensionHandler, ListSuspensionsHandler, SuspendMemberHandler } from './moderation/suspension.handlers.js';
import { AuthenticateOAuthHandler } from './oauth/authenticate-oauth.handler.js';
import { DisconnectAgentHandler } from './oauth/disconnect-agent.handler.js';
import { ListConnectedAgentsHandler } from './oauth/list-connected-agents.handler.js';
import { OAuthAccountHandler } from './oauth/oauth-account.handler.js';
import { OAuthServerKeysHandler } from './oauth/oauth-server-keys.handler.js';
import {
  AdmitMcpSessionHandler,
  OAuthAdmitRegistrationHandler,
  OAuthConsumeHandler,
  OAuthDestroyHandler,
  OAuthFindHandler,
  OAuthRevokeByGrantHandler,
  OAuthUpsertHandler,
} from './oauth/oauth-store.handlers.js';
import { RecordAgentConsentHandler } from './oauth/record-agent-consent.handler.js';
import { RemoveAgentAccessConsumer } from './oauth/remove-agent-access.consumer.js';
import { DeleteMyPhotoHandler } from './photos/delete-my-photo.handler.js';
import { GetMemberPhotoHandler } from './photos/get-member-photo.handler.js';
import { PhotoStore } from './photos/photo-store.js';
import { UploadMyPhotoHandler } from './photos/upload-my-photo.handler.js';
import { GetMemberHandler } from './profile/get-member.handler.js';
import { GetMyProfileHandler } from './profile/get-my-profile.handler.js';
import { UpdateMyProfileHandler } from './profile/update-my-profile.handler.js';
import { AuthenticateSessionHandler } from './sessions/authenticate-session.handler.js';
import { EndMySessionsHandler, EndSessionHandler } from './sessions/end-session.handler.js';
import { ExpiredRowsSweeper } from './sessions/expired-rows.sweeper.js';
import { SessionStore } from './sessions/session-store.js';
import { GetAnalyticsConfigHandler } from './settings/analytics-config.handler.js';
import { GetAccessSettingsHandler, OperatorSetSettingHandler } from './settings/settings.handlers.js';
import { SettingsService } from './settings/settings.service.js';
import { GetAccountAdminHandler, ListAuthMethodsHandler } from './sign-in/auth-methods.handlers.js';
import { Mailer } from './sign-in/mailer.js';
import { MemberSignIn } from './sign-in/member-sign-in.js';
import { OidcClient } from './sign-in/oidc-client.js';
import { CompleteOidcSignInHandler, StartOidcSignInHandler } from './sign-in/oidc-sign-in.handlers.js';
import { RequestMagicLinkHandler } from './sign-in/request-magic-link.handler.js';
import { PeekMagicLinkHandler, VerifyMagicLinkHandler } from './sign-in/verify-magic-link.handler.js';
import { StartIdentityCheckHandler } from './sign-up/identity-check.handler.js';
import { HttpIdentityProvider } from './sign-up/identity-provider.js';
import { ReceiveIdentityProviderEventHandler } from './sign-up/identity-provider-event.handler.js';
import { PreviewNetworkImportHandler } from './sign-up/network-import-preview.handler.js';
import { FindMyNetworkProfileHandler, ImportNetworkProfileHandler } from './sign-up/network-profile.handlers.js';
import { NetworkProvider } from './sign-up/network-provider.js';
import { NetworkConfirmHandler, NetworkPreviewHandler } from './sign-up/network-step.handlers.js';
import { OperatorRecordIdentityCheckHandler } from './sign-up/record-identity-check.handler.js';
import { SignUpState } from './sign-up/sign-up-state.js';
import { ConfirmWorkAuthorizationHandler } from './sign-up/work-authorization.handler.js';
import { CreateTeamHandler, GetTeamHandler, GetTeamMembershipHandler, UpdateTeamHandler } from './teams/team.handlers.js';
import {
  AcceptTeamInvitationHandler,
  AddTeamMemberHandler,
  DeclineTeamInvitationHandler,
  LeaveTeamHandler,
  ListMyTeamInvitationsHandler,
} from './teams/team-invitations.handlers.js';

const handlers = [
  AuthenticateKeyHandler,
  GetMemberCardHandler,
  OperatorCreateMemberHandler,
  OperatorCreateApiKeyHandler,
  GetApplicantProfileHandler,
  ResolveMemberReferencesHandler,
  GetMemberContactHandler,
  GetSenderContactsHandler,
  GetTeamHandler,
  CreateTeamHandler,
  UpdateTeamHandler,
  AddTeamMemberHandler,
  GetTeamMembershipHandler,
  ListMyTeamInvitationsHandler,
  AcceptTeamInvitationHandler,
  DeclineTeamInvitationHandler,
  LeaveTeamHandler,
  CreateTeamApiKeyHandler,
  CreateCandidateApiKeyHandler,
];
const signInHandlers = [
  RequestMagicLinkHandler,
  VerifyMagicLinkHandler,
  PeekMagicLinkHandler,
  AuthenticateSessionHandler,
  EndSessionHandler,
  EndMySessionsHandler,
  ListAuthMethodsHandler,
  GetAccountAdminHandler,
  ListMyApiKeysHandler,
  CreateMyApiKeyHandler,
  RevokeMyApiKeyHandler,
  StartOidcSignInHandler,
  CompleteOidcSignInHandler,
];
const signInServices = [SessionStore, Mailer, MemberSignIn, OidcClient];
const oauthHandlers = [
  OAuthUpsertHandler,
  OAuthFindHandler,
  OAuthConsumeHandler,
  OAuthDestroyHandler,
  OAuthRevokeByGrantHandler,
  OAuthAdmitRegistrationHandler,
  AdmitMcpSessionHandler,
  OAuthServerKeysHandler,
  OAuthAccountHandler,
  AuthenticateOAuthHandler,
  RecordAgentConsentHandler,
  ListConnectedAgentsHandler,
  DisconnectAgentHandler,
];
const memberHandlers = [
  GetMyProfileHandler,
  UpdateMyProfileHandler,
  GetMemberHandler,
  SetMemberRemovedHandler,
  FindReportedMemberHandler,
  UploadMyPhotoHandler,
  DeleteMyPhotoHandler,
  GetMemberPhotoHandler,
  DeleteMyAccountHandler,
  GetAccessHandler,
  AcceptInvitationHandler,
  GetMyInviteLinkHandler,
  InviteByEmailHandler,
  JoinWaitlistHandler,
  ListInviteLinksHandler,
  ListWaitlistHandler,
  InviteFromWaitlistHandler,
  SuspendMemberHandler,
  LiftSuspensionHandler,
  ListSuspensionsHandler,
  GetAccessSettingsHandler,
  OperatorSetSettingHandler,
  FindMyNetworkProfileHandler,
  ImportNetworkProfileHandler,
  PreviewNetworkImportHandler,
  NetworkPreviewHandler,
  NetworkConfirmHandler,
  ConfirmWorkAuthorizationHandler,
  OperatorRecordIdentityCheckHandler,
  ReceiveIdentityProviderEventHandler,
  StartIdentityCheckHandler,
  GetAnalyticsConfigHandler,
];
const memberServices = [CallerStanding, SignUpState, SettingsService, InvitationMailer, EmailInvitations, NetworkProvider, HttpIdentityProvider, PhotoStore];
const consumers = [IdentityMemberDeletedConsumer, RemoveAgentAccessConsumer];

@Module({
  providers: [
    ...handlers,
    ...signInHandlers,
    ...signInServices,
    ...oauthHandlers,
    ...memberHandlers,
    ...memberServices,
    ...consumers,
    ExpiredRowsSweeper,
    handlersProvider(...handlers, ...signInHandlers, ...oauthHandlers, ...memberHandlers),
    consumersProvider(...consumers),
    periodicTasksProvider(ExpiredRowsSweeper),
    // Board reads (access `board`) ask identity's own settings, not a bus round trip to itself.
    { provide: ACCESS_SETTINGS_SOURCE, useFactory: (settings: SettingsService) => ({ get: () => settings.current() }), inject: [SettingsService] },
  ],
})
export class IdentityModule {}
