import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Team membership by consent: an invitation per address and team, answered by the invitee. */
export class TeamInvitations1795510000000 implements MigrationInterface {
  name = 'TeamInvitations1795510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "team_invitations" (
      "id" uuid NOT NULL, "team_id" uuid NOT NULL, "email" text NOT NULL, "role" text NOT NULL, "invited_by" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'pending', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "answered_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_team_invitations" PRIMARY KEY ("id"))`);
    await q.query('CREATE INDEX "team_invitations_email_idx" ON "team_invitations" ("email")');
    await q.query(`CREATE UNIQUE INDEX "team_invitations_waiting_uq" ON "team_invitations" ("team_id", "email") WHERE "status" = 'pending'`);
  }

  async down(): Promise<void> {
    throw new Error('TeamInvitations1795510000000 is not reversible; restore from backup.');
  }
}
