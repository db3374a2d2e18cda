export * from './api-client.js';
export * from './operator.js';
export * from './sign-in.js';
export * from './oauth-agent.js';
export * from './system-probe.js';
export * from './network-provider.js';
export * from './operator-bus.js';
export * from './bus-access.js';
