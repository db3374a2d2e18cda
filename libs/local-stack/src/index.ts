export {
  describeExit,
  type ExitInfo,
  forwardLines,
  sendSignal,
  terminate,
  terminateOnParentExit,
  track,
  type TrackedProcess,
  whenOrphaned,
} from './child-process.js';
export { localDataKey } from './data-key.js';
export type { StartedDatabase } from './database-admin.js';
export { startEmbeddedPostgres } from './embedded-postgres-server.js';
export { getFreePort, isPortFree } from './free-port.js';
export { type ExternalInfra, resolveExternalInfra, type S3Settings } from './infra-env.js';
export { type Infrastructure, type InfrastructureOptions, startInfrastructure } from './infrastructure.js';
export { type CaughtMail, type MailCatcher, startMailCatcher } from './mail-catcher.js';
export { findNatsServer, type NatsHost, natsInstallCommand, natsMissingMessage, thisHost } from './nats-binary.js';
export { natsServerEnv, type StartedNats, startNatsServer } from './nats-server.js';
export { nodeFlagsFor, serviceProcessEnv } from './node-flags.js';
export { generateOAuthKeys, type OAuthKeys } from './oauth-keys.js';
export { PROCESS_LAYOUT_ENV, type ProcessLayout, processLayout } from './process-layout.js';
export { type StartedS3, startS3rver } from './s3-server.js';
export { APPS, GATEWAY, type ServiceDefinition, type ServiceName, type ServiceRole, SERVICES } from './service-catalogue.js';
export { buildServiceEnv, type ServiceEnvInput, sharedEnv } from './service-env.js';
export { type ServicesOptions, startServices, type System } from './services.js';
export { acceptsConnections, httpStatus, poll } from './wait-for.js';
