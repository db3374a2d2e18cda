import { join } from 'node:path';

import { getFreePort, type StartedNats, startNatsServer } from '@marketplace/local-stack';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

import { until } from './until.js';

export interface NatsCluster {
  /** One client URL per server, in the order of `servers`. */
  urls: string[];
  servers: StartedNats[];
  stop(): Promise<void>;
}

/**
 * A JetStream cluster of `size` nats-servers on loopback, for what only a replicated stream shows
 * (leader changes). Each server keeps its store in a folder of its own under `dir`. Resolves once
 * the cluster has a JetStream meta leader, so streams can be created.
 */
export async function startNatsCluster(opts: { dir: string; size?: number; log?: (line: string) => void }): Promise<NatsCluster> {
  const size = opts.size ?? 3;
  const routePorts = await Promise.all(Array.from({ length: size }, () => getFreePort()));
  const routes = routePorts.map((p) => `nats-route://127.0.0.1:${p}`).join(', ');
  const servers: StartedNats[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    for (let i = 0; i < size; i++) {
      servers.push(
        await startNatsServer({
          storeDir: join(opts.dir, `n${i + 1}`),
          log: opts.log ?? (() => undefined),
          config: `server_name: n${i + 1}\ncluster {\n  name: test\n  listen: 127.0.0.1:${routePorts[i]}\n  routes: [${routes}]\n}\n`,
        }),
      );
    }
    const urls = servers.map((s) => s.url);
    const nc = await connect({ servers: urls });
    try {
      await until(
        async () =>
          await jetstreamManager(nc, { timeout: 2000 })
            .then((jsm) => jsm.getAccountInfo())
            .then(
              () => true,
              () => false,
            ),
        { timeoutMs: 30_000, intervalMs: 250, what: 'a JetStream meta leader' },
      );
    } finally {
      await nc.close();
    }
    return { urls, servers, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
