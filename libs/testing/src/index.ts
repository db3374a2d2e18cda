export * from './api-client.js';
export * from './operator.js';
