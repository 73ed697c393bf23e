export * from './jobs.js';
export * from './identity.js';
export * from './scanning.js';
export * from './webhooks.js';
export * from './intelligence.js';
