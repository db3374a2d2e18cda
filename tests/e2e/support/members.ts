import { randomUUID } from 'node:crypto';
import { operatorCreateApiKey, operatorCreateMember } from '@marketplace/contracts';
import { BusClient } from '@marketplace/service-kit';
import { connectAs, type TestMember } from '@marketplace/testing';

/**
 * Many members at once through the same operator operations the command line calls
 * (`member create --complete-profile`, `key create`), over one bus connection: spawning the
 * command line twenty times would dominate the run on a small machine.
 */
export async function createMembersOverBus(
  natsUrl: string, count: number, opts: { completeProfile?: boolean; staff?: boolean } = {},
): Promise<TestMember[]> {
  const nc = await connectAs(natsUrl, 'operator');
  const bus = new BusClient(nc, 15_000);
  const ctx = { requestId: randomUUID(), caller: null, surface: 'internal' as const };
  try {
    return await Promise.all(Array.from({ length: count }, async () => {
      const email = `m-${randomUUID().slice(0, 12)}@example.test`;
      const name = `Member ${email.slice(2, 8)}`;
      const member = await bus.call(operatorCreateMember, { email, name, completeProfile: opts.completeProfile ?? true, staff: opts.staff ?? false }, ctx);
      const key = await bus.call(operatorCreateApiKey, { email, name: 'Operator key' }, ctx);
      return { id: member.id, email, name, key: key.key };
    }));
  } finally {
    await nc.close();
  }
}
