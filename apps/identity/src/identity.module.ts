import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeleteMyAccountHandler } from './account/delete-my-account.handler.js';
import { IdentityMemberDeletedConsumer } from './account/member-deleted.consumer.js';
import { AdmissionPolicy } from './admission/admission-policy.js';
import { DeleteMyPhotoHandler } from './photos/delete-my-photo.handler.js';
import { GetMemberPhotoHandler } from './photos/get-member-photo.handler.js';
import { UploadMyPhotoHandler } from './photos/upload-my-photo.handler.js';
import { GetMemberHandler } from './profile/get-member.handler.js';
import { GetMyProfileHandler } from './profile/get-my-profile.handler.js';
import { UpdateMyProfileHandler } from './profile/update-my-profile.handler.js';
import { SignUpState } from './sign-up/sign-up-state.js';
import { AuthenticateKeyHandler } from './keys/authenticate-key.handler.js';
import { OperatorCreateApiKeyHandler } from './keys/operator-create-api-key.handler.js';
import { GetMemberCardHandler } from './members/get-member-card.handler.js';
import { OperatorCreateMemberHandler } from './members/operator-create-member.handler.js';

const handlers = [AuthenticateKeyHandler, GetMemberCardHandler, OperatorCreateMemberHandler, OperatorCreateApiKeyHandler];
const memberHandlers = [
  GetMyProfileHandler, UpdateMyProfileHandler, GetMemberHandler, UploadMyPhotoHandler, DeleteMyPhotoHandler,
  GetMemberPhotoHandler, DeleteMyAccountHandler,
];
const consumers = [IdentityMemberDeletedConsumer];

@Module({
  providers: [
    ...handlers, ...memberHandlers, ...consumers, SignUpState, AdmissionPolicy,
    handlersProvider(...handlers, ...memberHandlers),
    consumersProvider(...consumers),
  ],
})
export class IdentityModule {}
