import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityEntities, identityMigrations } from '../identity.entities.js';
import { deleteSetting, recordInviteOnlySince, savedSettings, saveSetting } from './settings.queries.js';

/** Medium: the admission settings' statements against a real identity schema. */
describe('settings.queries, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_settings_q' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('saves jsonb values, replaces them, records when invite-only began once, and deletes', async () => {
    expect(await savedSettings(db.ds)).toEqual([]);
    await saveSetting(db.ds, 'invite_only', true);
    await saveSetting(db.ds, 'invitations_per_member', 3);
    await saveSetting(db.ds, 'invitations_per_member', 7);
    const saved = await savedSettings(db.ds);
    expect(saved.map(({ key, value }) => ({ key, value })).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'invitations_per_member', value: 7 },
      { key: 'invite_only', value: true },
    ]);
    expect(saved[0]!.updated_at).toBeInstanceOf(Date);

    const since = await recordInviteOnlySince(db.ds);
    expect(typeof since).toBe('string');
    expect(Math.abs(new Date(since!).getTime() - Date.now())).toBeLessThan(60_000);
    expect(await recordInviteOnlySince(db.ds)).toBe(since);

    expect(await deleteSetting(db.ds, 'invite_only_since')).toBe(1);
    expect(await deleteSetting(db.ds, 'invite_only_since')).toBe(0);
    expect((await savedSettings(db.ds)).map((s) => s.key).sort()).toEqual(['invitations_per_member', 'invite_only']);
  });
});
