export * from './api-client.js';
export * from './operator.js';
export * from './system-probe.js';
export * from './mail-catcher.js';
export * from './network-provider.js';
export * from './operator-bus.js';
