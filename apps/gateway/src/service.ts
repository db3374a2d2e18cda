import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  CallerSigner,
  closeServer,
  configureTracing,
  connectNats,
  createLogger,
  inServiceScope,
  readKitSettings,
  refuseDefaultSecrets,
  type ServiceEntry,
  type ServiceEnv,
  siteSettings,
  startHealthServer,
  stopTracing,
} from '@marketplace/service-kit/edge';

import { buildGateway } from './gateway.server.js';
import { gatewaySettings, SETTINGS } from './gateway.settings.js';
import { readMcpOriginPolicy } from './mcp/mcp-origin.js';
import { serverKeysFromEnv } from './oauth/server-keys.js';

async function startGateway(env: ServiceEnv) {
  const logger = createLogger('gateway');
  // Every setting the gateway and the kit declare, read before anything is opened: a bad value stops
  // the start naming the variable (the kit's settings rule).
  readKitSettings(env);
  for (const group of SETTINGS) group.read(env);
  const { port, host, drainMs } = gatewaySettings.read(env);
  const publicUrl = (siteSettings.read(env).publicUrl?.href ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, '');

  // Missing or malformed secrets stop the start here, naming the setting (in production the OAuth
  // keys are required; BUS_CALLER_SIGNING_KEY always is).
  refuseDefaultSecrets(env);
  // Derived from the settings with checks of their own (origins), so checked here too.
  readMcpOriginPolicy(publicUrl, env);
  configureTracing('gateway', env);
  const signer = await CallerSigner.fromEnv(env);
  const oauthKeys = await serverKeysFromEnv(env);
  const nc = await connectNats('gateway', { env });
  const drain = { draining: false };
  const app = await buildGateway({ nc, logger, publicUrl, signer, oauthKeys, drain });
  await app.listen({ port, host });
  const health = await startHealthServer('gateway', { ready: async () => ({ bus: !nc.isClosed() }) });
  logger.info({ url: publicUrl }, 'gateway ready');

  let stopped: Promise<void> | undefined;
  const stop = AsyncLocalStorage.bind(async () => {
    logger.info('stopping');
    if (drainMs > 0) {
      drain.draining = true;
      await sleep(drainMs);
    }
    await app.close();
    await nc.drain().catch(() => undefined);
    await closeServer(health);
    await stopTracing();
  });
  return { stop: () => (stopped ??= stop()) };
}

/** The public HTTP front: REST, MCP, OAuth and the web pages, all calling services over the bus. */
export const service: ServiceEntry = {
  name: 'gateway',
  start: (env, output) => inServiceScope(env, () => startGateway(env), output),
};
