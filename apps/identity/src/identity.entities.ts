import { ApiKeyEntity } from './keys/api-key.entity.js';
import { KeyUsageEntity } from './keys/key-usage.entity.js';
import { MemberEntity } from './members/member.entity.js';
import { MemberPhotoEntity } from './members/member-photo.entity.js';
import { ProfileEntity } from './members/profile.entity.js';
import { EmailInvitationEntity } from './admission/email-invitation.entity.js';
import { InviteJoinEntity } from './admission/invite-join.entity.js';
import { InviteLinkEntity } from './admission/invite-link.entity.js';
import { RateHitEntity } from './admission/rate-hit.entity.js';
import { WaitlistEntryEntity } from './admission/waitlist-entry.entity.js';
import { SettingEntity } from './settings/setting.entity.js';
import { NetworkLookupEntity } from './sign-up/network-lookup.entity.js';
import { Initial1795312792722 } from './migrations/1795312792722-initial.js';
import { MemberPages1795315137439 } from './migrations/1795315137439-member-pages.js';
import { Admission1795315525918 } from './migrations/1795315525918-admission.js';
import { NetworkLookups1795316133921 } from './migrations/1795316133921-network-lookups.js';

export const identityEntities = [MemberEntity, ProfileEntity, ApiKeyEntity, KeyUsageEntity, MemberPhotoEntity,
  SettingEntity, InviteLinkEntity, InviteJoinEntity, EmailInvitationEntity, WaitlistEntryEntity, RateHitEntity,
  NetworkLookupEntity,
];
export const identityMigrations = [Initial1795312792722, MemberPages1795315137439, Admission1795315525918, NetworkLookups1795316133921];
