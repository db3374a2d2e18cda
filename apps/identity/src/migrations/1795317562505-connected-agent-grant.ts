import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConnectedAgentGrant1795317562505 implements MigrationInterface {
  name = 'ConnectedAgentGrant1795317562505';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "connected_agents" ADD "grant_id" text');
  }

  async down(): Promise<void> {
    throw new Error('ConnectedAgentGrant1795317562505 is not reversible; restore from backup.');
  }
}
