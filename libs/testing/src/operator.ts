import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { busCredentials } from './bus-access.js';

const run = promisify(execFile);

export interface TestMember {
  id: string;
  email: string;
  name: string;
  key: string;
}

/** Runs the operator command line exactly as an operator would (`npm run marketplace -- …`). */
export async function operatorCli(natsUrl: string, args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['deploy/dist/cli/marketplace.js', ...args], {
    env: { ...process.env, NATS_URL: natsUrl, NATS_NKEY_SEED: busCredentials().seeds.operator }, timeout: 30_000,
  });
  return JSON.parse(stdout);
}

/** A member with a verified email and an API key, created through the operator command line. */
export async function createMember(
  natsUrl: string, opts: { completeProfile?: boolean; staff?: boolean; name?: string } = {},
): Promise<TestMember> {
  const email = `m-${randomUUID().slice(0, 12)}@example.test`;
  const name = opts.name ?? `Member ${email.slice(2, 8)}`;
  const member = (await operatorCli(natsUrl, [
    'member', 'create', '--email', email, '--name', name,
    ...(opts.completeProfile === false ? [] : ['--complete-profile']), ...(opts.staff ? ['--staff'] : []),
  ])) as { id: string };
  const key = (await operatorCli(natsUrl, ['key', 'create', '--email', email])) as { key: string };
  return { id: member.id, email, name, key: key.key };
}
