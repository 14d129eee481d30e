export * from './levels.js';
export * from './permissions.js';
export * from './routes.js';
export * from './common.js';
export * from './auth.js';
export * from './jobs.js';
export * from './domain-enums.js';
