import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';

import { operatorCreateApiKey, operatorCreateMember } from '@marketplace/contracts';

import { busCredentials } from './bus-access.js';
import { type OperatorCall, withOperatorBus } from './operator-bus.js';

const run = promisify(execFile);

export interface TestMember {
  id: string;
  email: string;
  name: string;
  key: string;
}

export interface MemberOptions {
  /** Fill the profile so the member may post and apply (default true). */
  completeProfile?: boolean;
  staff?: boolean;
  /** Only for one member at a time: a chosen name or address (a fresh one otherwise). */
  name?: string;
  email?: string;
}

/**
 * Runs the operator command line exactly as an operator would (`npm run marketplace -- …`).
 * One end-to-end test drives it; everything else reaches the same operations over the bus.
 */
export async function operatorCli(natsUrl: string, args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['deploy/dist/cli/marketplace.js', ...args], {
    env: { ...process.env, NATS_URL: natsUrl, NATS_NKEY_SEED: busCredentials().seeds.operator },
    timeout: 30_000,
  });
  return JSON.parse(stdout);
}

/** `member create` then `key create`, as the command line runs them, on a connection already open. */
async function createOne(call: OperatorCall, opts: MemberOptions): Promise<TestMember> {
  const email = opts.email ?? `m-${randomUUID().slice(0, 12)}@example.test`;
  const name = opts.name ?? `Member ${email.slice(2, 8)}`;
  const member = await call(operatorCreateMember, {
    email,
    name,
    completeProfile: opts.completeProfile ?? true,
    staff: opts.staff ?? false,
  });
  const key = await call(operatorCreateApiKey, { email, name: 'Operator key' });
  return { id: member.id, email, name, key: key.key };
}

/**
 * A member with a verified email and an API key, through the operator's own operations over one
 * bus connection (spawning the command line twice per member would dominate a run).
 */
export async function createMember(natsUrl: string, opts: MemberOptions = {}): Promise<TestMember> {
  return withOperatorBus(natsUrl, (call) => createOne(call, opts));
}

/** Many members at once over one connection, each with a fresh name and address. */
export async function createMembers(natsUrl: string, count: number, opts: Omit<MemberOptions, 'name' | 'email'> = {}): Promise<TestMember[]> {
  return withOperatorBus(natsUrl, (call) => Promise.all(Array.from({ length: count }, () => createOne(call, opts))));
}
