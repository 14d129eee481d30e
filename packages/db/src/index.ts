export * from './client.js';
export * from './migrator.js';
export type * from './schema.js';
