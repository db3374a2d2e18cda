import { Injectable } from '@nestjs/common';
import { uploadMyPhoto, type InputOf, type OutputOf } from '@marketplace/contracts';
import { requireMember, UnitOfWork, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { MemberEntity } from '../members/member.entity.js';
import { MemberPhotoEntity } from '../members/member-photo.entity.js';
import { loadOwnAccount, toMe } from '../profile/me.mapper.js';
import { recordCardChange } from '../profile/member-card-event.js';
import { SignUpState } from '../sign-up/sign-up-state.js';
import { photoPath, reencodePhoto } from './photo-image.js';

/** Replaces the member's photo; `photoUrl` becomes the new immutable path. */
@Injectable()
export class UploadMyPhotoHandler implements OperationHandler<typeof uploadMyPhoto> {
  readonly operation = uploadMyPhoto;

  constructor(private readonly uow: UnitOfWork, private readonly signUp: SignUpState) {}

  async handle({ image }: InputOf<typeof uploadMyPhoto>, ctx: HandlerContext): Promise<OutputOf<typeof uploadMyPhoto>> {
    const caller = requireMember(ctx);
    // Decoding happens before the transaction, so a slow image never holds a row lock.
    const photo = await reencodePhoto(image);
    const { member, profile } = await this.uow.run(async (em) => {
      const account = await loadOwnAccount(em, caller.memberId, true);
      const before = { ...account.member };
      await em.upsert(MemberPhotoEntity, {
        memberId: caller.memberId, hash: photo.hash, contentType: photo.contentType, data: photo.data, createdAt: new Date(),
      }, ['memberId']);
      account.member.photoUrl = photoPath(caller.memberId, photo.hash);
      await em.update(MemberEntity, { id: caller.memberId }, { photoUrl: account.member.photoUrl });
      await recordCardChange(em, before, account.member);
      return account;
    });
    const enabled = await this.signUp.verificationEnabled();
    return toMe(member, profile, await this.signUp.of(member), enabled);
  }
}
