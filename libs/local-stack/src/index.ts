export { getFreePort, isPortFree } from './free-port.js';
export { resolveExternalInfra, type ExternalInfra, type S3Settings } from './infra-env.js';
export { startInfrastructure, type Infrastructure, type InfrastructureOptions } from './infrastructure.js';
export { NATS_NOT_FOUND } from './nats-server.js';
export { SERVICES, GATEWAY, type ServiceDefinition, type ServiceName, type ServiceRole } from './service-catalogue.js';
export { buildServiceEnv, type ServiceEnvInput } from './service-env.js';
export { startServices, type ServicesOptions, type System } from './services.js';
export { generateOAuthKeys, type OAuthKeys } from './oauth-keys.js';
export { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher.js';
