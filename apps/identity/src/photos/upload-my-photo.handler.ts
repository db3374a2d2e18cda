import { type InputOf, type OutputOf, uploadMyPhoto } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { updateMember } from '../members/members.queries.js';
import { loadOwnAccount, toMe } from '../profile/me.mapper.js';
import { recordCardChange } from '../profile/member-card-event.js';
import { SignUpState } from '../sign-up/sign-up-state.js';
import { photoPath, reencodePhoto } from './photo-image.js';
import { PhotoStore } from './photo-store.js';
import { photoOf, upsertPhoto } from './photos.queries.js';

/**
 * Replaces the member's photo; `photoUrl` becomes the new immutable path. The upload arrives as a
 * staged object in storage (the gateway removes it after this call), never as bytes on the bus.
 * Each upload is decoded and stored, so uploads count against the kit's photo_uploads limit per
 * member (429 with Retry-After), counted before any of that work.
 */
@Injectable()
export class UploadMyPhotoHandler implements OperationHandler<typeof uploadMyPhoto> {
  readonly operation = uploadMyPhoto;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly signUp: SignUpState,
    private readonly photos: PhotoStore,
    private readonly ds: DataSource,
  ) {}

  async handle({ image }: InputOf<typeof uploadMyPhoto>, ctx: HandlerContext): Promise<OutputOf<typeof uploadMyPhoto>> {
    const caller = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets().photoUploads, caller.memberId);
    // Decoding and storing happen before the transaction, so a slow image never holds a row lock.
    const photo = await reencodePhoto(await this.photos.readUpload(image));
    const objectKey = await this.photos.put(caller.memberId, photo);
    const { member, profile, replaced } = await this.uow.run(async (em) => {
      const account = await loadOwnAccount(em, caller.memberId, true);
      const before = { ...account.member };
      const previous = await photoOf(em, caller.memberId);
      await upsertPhoto(em, { memberId: caller.memberId, hash: photo.hash, contentType: photo.contentType, objectKey });
      account.member.photoUrl = photoPath(caller.memberId, photo.hash);
      await updateMember(em, caller.memberId, { photo_url: account.member.photoUrl });
      await recordCardChange(em, before, account.member);
      return { ...account, replaced: previous?.object_key === objectKey ? null : previous?.object_key };
    });
    this.photos.discard(replaced);
    const enabled = await this.signUp.verificationEnabled();
    return toMe(member, profile, await this.signUp.of(member), enabled);
  }
}
