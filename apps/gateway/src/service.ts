import {
  busTimeoutMs, CallerSigner, closeServer, configureTracing, connectNats, createLogger, inServiceScope, refuseDefaultSecrets, settingsOf, startHealthServer,
  stopTracing, type ServiceEntry, type ServiceEnv,
} from '@marketplace/service-kit/edge';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildGateway } from './gateway.server.js';
import { trustedProxyHops } from './http/trust-proxy.js';
import { readMcpOriginPolicy } from './mcp/mcp-origin.js';
import { accessTokenTtl } from './oauth/authorization-server.js';
import { serverKeysFromEnv } from './oauth/server-keys.js';

async function startGateway(env: ServiceEnv) {
  const logger = createLogger('gateway');
  const settings = settingsOf(env);
  const port = settings.int('PORT', 3000, { min: 0, max: 65_535 });
  const host = settings.string('HOST', '127.0.0.1');
  // How long a stopping gateway keeps serving while it tells load balancers and clients to go elsewhere.
  const drainMs = settings.duration('GATEWAY_DRAIN_MS', 0, { min: 0, max: 60_000 });
  const publicUrl = settings.url('PUBLIC_URL', { fallback: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}` }).href.replace(/\/$/, '');

  // Missing or malformed secrets stop the start here, naming the setting (in production the OAuth
  // keys are required; BUS_CALLER_SIGNING_KEY always is).
  refuseDefaultSecrets(env);
  // The settings read later, when a request or the OAuth provider needs them, are read once here, so a
  // bad value stops the start naming the variable (the kit's settings rule).
  busTimeoutMs();
  trustedProxyHops(env);
  accessTokenTtl();
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
