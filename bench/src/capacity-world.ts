import type { Infrastructure } from '@marketplace/local-stack';
import { BUS_CREDENTIALS_ENV, createMembers, mcpAccessToken } from '@marketplace/testing';

import type { World } from './capacity-workload.js';
import { seedOpenJobs } from './seed.js';

/** The people of bench:capacity's workload and the board they find, shared by bench:operation-costs. */
export const POSTERS = 30;
export const WORKERS = 60;
export const AGENTS = 4;
export const BOARD_JOBS = 5_000;

/** Every per-member limit above what the workload asks of one member in a minute; the work itself is unchanged. */
export const CAPACITY_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  API_KEY_RATE_LIMIT: '100000000',
  OAUTH_REQUESTS_PER_MINUTE: '100000000',
  SEARCHES_PER_MINUTE: '100000000',
  JOB_POSTS_PER_MINUTE: '100000',
  JOB_POSTS_PER_DAY: '100000',
  APPLICATIONS_PER_MINUTE: '100000',
  APPLICATIONS_PER_DAY: '100000',
  MESSAGES_PER_MINUTE: '100000',
  MESSAGES_PER_DAY: '100000',
  FILE_WRITES_PER_MINUTE: '100000',
};

/** Members with keys, agents signed in over OAuth, and the seeded board. */
export async function prepareMembers(infra: Infrastructure, base: string): Promise<Pick<World, 'base' | 'posters' | 'workers' | 'agents'>> {
  const mailDir = infra.mail?.dir;
  if (!mailDir) throw new Error('The benchmark needs the local mail catcher (unset SMTP_URL) to sign agents in.');
  process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
  const posters = await createMembers(infra.natsUrl, POSTERS);
  const workers = await createMembers(infra.natsUrl, WORKERS);
  const agents = [];
  for (const member of workers.slice(0, AGENTS)) agents.push({ member, token: await mcpAccessToken(base, mailDir, member) });
  await seedOpenJobs(infra.databaseUrl, { jobs: BOARD_JOBS, posters: 200, anonymousShare: 0.1, spreadDays: 10 });
  return { base, posters, workers, agents };
}
