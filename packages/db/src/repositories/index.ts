export * from './outbox.js';
export * from './users.js';
export * from './auth-tokens.js';
export * from './customers.js';
export * from './report-data.js';
export { groupBy } from './report-data-points.js';
export * from './audit-report-data.js';
export * from './protocol-export-data.js';
export * from './category-translations.js';
