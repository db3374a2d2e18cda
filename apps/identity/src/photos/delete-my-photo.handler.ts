import { deleteMyPhoto, type OutputOf } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { updateMember } from '../members/members.queries.js';
import { loadOwnAccount, toMe } from '../profile/me.mapper.js';
import { recordCardChange } from '../profile/member-card-event.js';
import { SignUpState } from '../sign-up/sign-up-state.js';
import { PhotoStore } from './photo-store.js';
import { deletePhoto, photoOf } from './photos.queries.js';

@Injectable()
export class DeleteMyPhotoHandler implements OperationHandler<typeof deleteMyPhoto> {
  readonly operation = deleteMyPhoto;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly signUp: SignUpState,
    private readonly photos: PhotoStore,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof deleteMyPhoto>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().profileChanges, callerOf(ctx).memberId));
    const caller = callerOf(ctx);
    const { member, profile, removed } = await this.uow.run(async (em) => {
      const account = await loadOwnAccount(em, caller.memberId, true);
      const before = { ...account.member };
      const removed = await photoOf(em, caller.memberId);
      await deletePhoto(em, caller.memberId);
      account.member.photoUrl = null;
      await updateMember(em, caller.memberId, { photo_url: null });
      await recordCardChange(em, before, account.member);
      return { ...account, removed: removed?.object_key };
    });
    this.photos.discard(removed);
    const enabled = await this.signUp.verificationEnabled();
    return toMe(member, profile, await this.signUp.of(member), enabled);
  }
}
