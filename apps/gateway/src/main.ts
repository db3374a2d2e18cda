import {
  CallerSigner, configureTracing, connectNats, createLogger, startHealthServer, refuseDefaultSecrets, stopTracing,
} from '@marketplace/service-kit';
import { buildGateway } from './gateway.server.js';
import { serverKeysFromEnv } from './oauth/server-keys.js';

const logger = createLogger('gateway');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const publicUrl = (process.env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, '');

// Missing or malformed secrets stop the start here, naming the setting (in production the OAuth
// keys are required; BUS_CALLER_SIGNING_KEY always is).
refuseDefaultSecrets();
configureTracing('gateway');
const signer = await CallerSigner.fromEnv();
const oauthKeys = await serverKeysFromEnv();
const nc = await connectNats('gateway');
const app = await buildGateway({ nc, logger, publicUrl, signer, oauthKeys });
await app.listen({ port, host });
await startHealthServer('gateway', { ready: async () => ({ bus: !nc.isClosed() }) });
logger.info({ url: publicUrl }, 'gateway ready');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await app.close();
  await nc.drain().catch(() => undefined);
  await stopTracing();
  process.exit(0);
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
