import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { adoptPhoto, deletePhoto, photoOf, upsertPhoto, visiblePhoto } from './photos.queries.js';

/** Medium: the member photo statements against a real identity schema. */
describe('photos.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_photos_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const member = async () => {
    const id = randomUUID();
    await db.query(`INSERT INTO members (id, email, name) VALUES ($1, $2, 'Ada')`, [id, `${id}@example.test`]);
    return id;
  };

  it('stores one photo per member, replaces it, shows it while the member is visible, and deletes it', async () => {
    const memberId = await member();
    expect(await photoOf(db.ds, memberId)).toBeUndefined();
    await upsertPhoto(db.ds, { memberId, hash: 'h1', contentType: 'image/webp', objectKey: 'photos/1' });
    await upsertPhoto(db.ds, { memberId, hash: 'h2', contentType: 'image/jpeg', objectKey: 'photos/2' });
    expect(await photoOf(db.ds, memberId)).toMatchObject({ member_id: memberId, hash: 'h2', content_type: 'image/jpeg', object_key: 'photos/2', data: null });
    expect(await visiblePhoto(db.ds, memberId, 'h2')).toEqual({ content_type: 'image/jpeg', object_key: 'photos/2', data: null });
    expect(await visiblePhoto(db.ds, memberId, 'h1')).toBeUndefined();
    await db.query('UPDATE members SET removed_at = now() WHERE id = $1', [memberId]);
    expect(await visiblePhoto(db.ds, memberId, 'h2')).toBeUndefined();
    expect(await deletePhoto(db.ds, memberId)).toBe(1);
    expect(await photoOf(db.ds, memberId)).toBeUndefined();
  });

  it('moves the bytes of a photo from before object storage to its key, once', async () => {
    const memberId = await member();
    await db.query(`INSERT INTO member_photos (member_id, hash, content_type, data) VALUES ($1, 'old', 'image/png', $2)`, [memberId, Buffer.from('png')]);
    expect(await visiblePhoto(db.ds, memberId, 'old')).toEqual({ content_type: 'image/png', object_key: null, data: Buffer.from('png') });
    expect(await adoptPhoto(db.ds, memberId, 'old', 'photos/old')).toBe(1);
    expect(await adoptPhoto(db.ds, memberId, 'old', 'photos/other')).toBe(0);
    expect(await visiblePhoto(db.ds, memberId, 'old')).toEqual({ content_type: 'image/png', object_key: 'photos/old', data: null });
  });
});
