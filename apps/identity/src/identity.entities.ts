import { ApiKeyEntity } from './keys/api-key.entity.js';
import { KeyUsageEntity } from './keys/key-usage.entity.js';
import { MemberEntity } from './members/member.entity.js';
import { MemberPhotoEntity } from './members/member-photo.entity.js';
import { ProfileEntity } from './members/profile.entity.js';
import { Initial1795312792722 } from './migrations/1795312792722-initial.js';
import { MemberPages1795315137439 } from './migrations/1795315137439-member-pages.js';

export const identityEntities = [MemberEntity, ProfileEntity, ApiKeyEntity, KeyUsageEntity, MemberPhotoEntity];
export const identityMigrations = [Initial1795312792722, MemberPages1795315137439];
