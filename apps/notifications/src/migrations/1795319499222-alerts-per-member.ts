import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertsPerMember1795319499222 implements MigrationInterface {
  name = 'AlertsPerMember1795319499222';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "alerts_event_member"');
    await q.query('CREATE UNIQUE INDEX "alerts_event_member" ON "alerts"  ("event_id", "member_id")');
  }

  async down(): Promise<void> {
    throw new Error('AlertsPerMember1795319499222 is not reversible; restore from backup.');
  }
}
