import { randomUUID } from 'node:crypto';
import { operatorSetSetting, type InputOf } from '@marketplace/contracts';
import { BusClient } from '@marketplace/service-kit';
import { connectAs } from './bus-access.js';

/**
 * The operator's setting command sent straight over the bus (the same operation the command line
 * calls), for tests that flip settings often and should not start a process each time.
 */
export async function setSetting(
  natsUrl: string, key: InputOf<typeof operatorSetSetting>['key'], value: boolean | number | null,
): Promise<void> {
  const nc = await connectAs(natsUrl, 'operator');
  try {
    await new BusClient(nc, 15_000).call(operatorSetSetting, { key, value }, { requestId: randomUUID(), caller: null });
  } finally {
    await nc.close();
  }
}
