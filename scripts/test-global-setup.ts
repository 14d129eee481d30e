import { dropStaleTestDatabases, ensureTemplateDatabase } from '@insp/db/testing';

/** Once per run: clear databases left by crashed runs and build the migrated template every test file clones. */
export default async function setup() {
  await dropStaleTestDatabases();
  await ensureTemplateDatabase();
}
