export * from './api-client.js';
export * from './operator.js';
export * from './oauth-agent.js';
