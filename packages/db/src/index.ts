export * from './client.js';
export * from './migrator.js';
export * from './repositories/index.js';
export type * from './schema.js';
export { prepareStatement, isPreparedStatement, executePrepared } from './prepared-statements.js';
export { statementTemplate, type Slots } from './statement-templates.js';
export { nameCollation, nameInLanguage } from './name-collation.js';
