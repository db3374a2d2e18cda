import { randomUUID } from 'node:crypto';

import { type InputOf, type Operation, operatorSetSetting, type OutputOf } from '@marketplace/contracts';
import { BusClient } from '@marketplace/service-kit';

import { connectAs } from './bus-access.js';

/**
 * Runs `work` with one bus connection as the operator, closed afterwards: the same principal and
 * operations the command line uses, without starting a process per command.
 */
export async function withOperatorBus<T>(natsUrl: string, work: (call: OperatorCall) => Promise<T>): Promise<T> {
  const nc = await connectAs(natsUrl, 'operator');
  const bus = new BusClient(nc, 15_000);
  try {
    return await work((op, input) => bus.call(op, input, { requestId: randomUUID(), caller: null, surface: 'internal' }));
  } finally {
    await nc.close();
  }
}

export type OperatorCall = <Op extends Operation>(op: Op, input: InputOf<Op>) => Promise<OutputOf<Op>>;

/** One operator operation over the bus (`identity record`, say), as the command line sends it. */
export function operatorCall<Op extends Operation>(natsUrl: string, op: Op, input: InputOf<Op>): Promise<OutputOf<Op>> {
  return withOperatorBus(natsUrl, (call) => call(op, input));
}

/**
 * The operator's setting command sent straight over the bus (the same operation the command line
 * calls), for tests that flip settings often and should not start a process each time.
 */
export async function setSetting(natsUrl: string, key: InputOf<typeof operatorSetSetting>['key'], value: boolean | number | null): Promise<void> {
  await operatorCall(natsUrl, operatorSetSetting, { key, value });
}
