import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import { claimDeletion, deleteApplicationsOf, forgetMemberInConversations, forgetMemberInWork, liveDeletionClaims, lockMemberWork } from './account.queries.js';

const FORMER = JSON.stringify({ id: null, name: 'Former member', headline: null, photoUrl: null });

/** Medium: the account area's statements on a real applications schema built by the migrations. */
describe('the account queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'account_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const application = async (applicantId: string, posterId: string, status: string) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO applications (id, job_id, applicant_id, poster_id, status, pitch, applied_to, applicant, visibility, poster_contact, resume)
       VALUES ($1, $2, $3, $4, $5, 'p', '{"title":"T","version":1}', $6, 'public', '{"name":"Pat","email":"pat@x"}', '# CV')`,
      [
        id,
        randomUUID(),
        applicantId,
        posterId,
        status,
        JSON.stringify({ name: 'Ann', email: 'ann@x', headline: 'H', photoUrl: 'u', website: 'w', networkUrl: 'n', skills: ['s'] }),
      ],
    );
    return id;
  };

  it('claims a member for deletion, extends a repeat claim, and names only live claims', async () => {
    const member = randomUUID();
    const other = randomUUID();
    const claim = await db.uow.run(async (em) => {
      await lockMemberWork(em, member);
      return claimDeletion(em, member, 120);
    });
    expect(claim!.expires_at).toBeInstanceOf(Date);
    expect(claim!.expires_at.getTime()).toBeGreaterThan(Date.now() + 100_000);
    const again = await claimDeletion(db.ds, member, 300);
    expect(again!.expires_at.getTime()).toBeGreaterThan(claim!.expires_at.getTime());
    await db.query(`INSERT INTO member_deletion_claims (member_id, expires_at) VALUES ($1, now() - interval '1 second')`, [other]);
    expect(await liveDeletionClaims(db.ds, [member, other])).toEqual([{ member_id: member }]);
    expect(await liveDeletionClaims(db.ds, [])).toEqual([]);
  });

  it("deletes a member's applications but the accepted ones, and takes their name off what stays", async () => {
    const member = randomUUID();
    const poster = randomUUID();
    const waiting = await application(member, poster, 'submitted');
    const accepted = await application(member, poster, 'accepted');
    const theirJob = await application(randomUUID(), member, 'accepted');
    const removed = await deleteApplicationsOf(db.ds, member);
    expect(removed).toEqual([expect.objectContaining({ id: waiting, poster_id: poster, status: 'submitted' })]);
    await db.query(
      `INSERT INTO hires (id, job_id, poster_id, worker_id, title, poster_visibility, poster, worker, status)
       VALUES ($1, $2, $3, $4, 'T', 'public', '{"name":"Pat"}', '{"name":"Ann"}', 'completed')`,
      [accepted, randomUUID(), poster, member],
    );
    await db.query(
      `INSERT INTO ratings (id, hire_id, job_id, rater_id, ratee_id, "as", score, description, by)
       VALUES ($1, $2, $3, $4, $5, 'poster', 5, 'Good', '{"name":"Ann"}')`,
      [randomUUID(), accepted, randomUUID(), member, poster],
    );
    await db.query(`INSERT INTO messages (id, application_id, sender_id, sender_role, sent_by, body) VALUES ($1, $2, $3, 'applicant', 'person', 'Hi')`, [
      randomUUID(),
      accepted,
      member,
    ]);
    await db.query(
      `INSERT INTO conversations (application_id, job_id, title, poster_id, applicant_id, poster, poster_visibility, applicant_name, last_message_at)
       VALUES ($1, $2, 'T', $3, $4, '{"name":"Pat"}', 'public', 'Ann', now()), ($5, $2, 'T', $4, $3, '{"name":"Ann"}', 'public', 'Pat', now())`,
      [accepted, randomUUID(), poster, member, theirJob],
    );
    await db.uow.run(async (em) => {
      await forgetMemberInWork(em, member, 'Former member', FORMER);
      await forgetMemberInConversations(em, member, 'Former member', FORMER);
    });
    const [app] = await db.query<{ applicant: Record<string, unknown>; resume: string | null }>('SELECT applicant, resume FROM applications WHERE id = $1', [
      accepted,
    ]);
    expect(app).toEqual({
      applicant: { name: 'Former member', email: '', headline: null, photoUrl: null, website: null, networkUrl: null, skills: ['s'] },
      resume: null,
    });
    expect(await db.query('SELECT poster_contact FROM applications WHERE id = $1', [theirJob])).toEqual([{ poster_contact: null }]);
    expect(await db.query('SELECT worker FROM hires WHERE id = $1', [accepted])).toEqual([{ worker: JSON.parse(FORMER) }]);
    expect(await db.query('SELECT rater_id, by FROM ratings WHERE hire_id = $1', [accepted])).toEqual([{ rater_id: null, by: JSON.parse(FORMER) }]);
    expect(await db.query('SELECT sender_id FROM messages WHERE application_id = $1', [accepted])).toEqual([{ sender_id: null }]);
    expect(await db.query('SELECT applicant_id, applicant_name FROM conversations WHERE application_id = $1', [accepted])).toEqual([
      { applicant_id: null, applicant_name: 'Former member' },
    ]);
    expect(await db.query('SELECT poster_id, poster FROM conversations WHERE application_id = $1', [theirJob])).toEqual([
      { poster_id: null, poster: JSON.parse(FORMER) },
    ]);
  });
});
