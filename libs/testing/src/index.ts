export * from './api-client.js';
export * from './operator.js';
export * from './sign-in.js';
export * from './oauth-agent.js';
