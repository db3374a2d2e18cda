import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeleteMyAccountHandler } from './account/delete-my-account.handler.js';
import { IdentityMemberDeletedConsumer } from './account/member-deleted.consumer.js';
import { AcceptInvitationHandler } from './admission/accept-invitation.handler.js';
import { AdmissionPolicy } from './admission/admission-policy.js';
import { GetAccessHandler } from './admission/get-access.handler.js';
import { GetMyInviteLinkHandler } from './admission/get-my-invite-link.handler.js';
import { InvitationMailer } from './admission/invitation-mailer.js';
import { InviteByEmailHandler } from './admission/invite-by-email.handler.js';
import { JoinWaitlistHandler } from './admission/join-waitlist.handler.js';
import { GetAccessSettingsHandler, OperatorSetSettingHandler } from './settings/settings.handlers.js';
import { SettingsService } from './settings/settings.service.js';
import { DeleteMyPhotoHandler } from './photos/delete-my-photo.handler.js';
import { GetMemberPhotoHandler } from './photos/get-member-photo.handler.js';
import { UploadMyPhotoHandler } from './photos/upload-my-photo.handler.js';
import { GetMemberHandler } from './profile/get-member.handler.js';
import { GetMyProfileHandler } from './profile/get-my-profile.handler.js';
import { UpdateMyProfileHandler } from './profile/update-my-profile.handler.js';
import { SignUpState } from './sign-up/sign-up-state.js';
import { NetworkProvider } from './sign-up/network-provider.js';
import { FindMyNetworkProfileHandler, ImportNetworkProfileHandler } from './sign-up/network-profile.handlers.js';
import { NetworkConfirmHandler, NetworkPreviewHandler } from './sign-up/network-step.handlers.js';
import { OperatorRecordIdentityCheckHandler } from './sign-up/record-identity-check.handler.js';
import { ConfirmWorkAuthorizationHandler } from './sign-up/work-authorization.handler.js';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';

const handlers = [AuthenticateKeyHandler, GetMemberCardHandler, OperatorCreateMemberHandler, OperatorCreateApiKeyHandler];
const memberHandlers = [
  GetMyProfileHandler, UpdateMyProfileHandler, GetMemberHandler, UploadMyPhotoHandler, DeleteMyPhotoHandler,
  GetMemberPhotoHandler, DeleteMyAccountHandler,
  GetAccessHandler, AcceptInvitationHandler, GetMyInviteLinkHandler, InviteByEmailHandler, JoinWaitlistHandler,
  GetAccessSettingsHandler, OperatorSetSettingHandler,
  FindMyNetworkProfileHandler, ImportNetworkProfileHandler, NetworkPreviewHandler, NetworkConfirmHandler,
  ConfirmWorkAuthorizationHandler, OperatorRecordIdentityCheckHandler,
];
const consumers = [IdentityMemberDeletedConsumer];

@Module({
  providers: [
    ...handlers, ...memberHandlers, ...consumers, SignUpState, AdmissionPolicy, SettingsService, InvitationMailer, NetworkProvider,
    handlersProvider(...handlers, ...memberHandlers),
    consumersProvider(...consumers),
  ],
})
export class IdentityModule {}
