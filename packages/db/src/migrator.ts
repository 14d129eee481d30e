import { Migrator, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';

/** Migrations are imported statically (not read from disk) so bundled builds carry them. */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export function createMigrator(db: Kysely<any>) {
  return new Migrator({ db, provider: new StaticMigrationProvider() });
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateDown(db: Kysely<any>): Promise<void> {
  const { error } = await createMigrator(db).migrateDown();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * A key that changes whenever the migrations change (their names or their code): it names the test template
 * database, so a migration edited before it landed does not leave tests on a stale template.
 */
export const migrationsFingerprint = (): string => {
  const text = Object.keys(migrations)
    .sort()
    .map((name) => `${name}:${String(migrations[name]!.up)}:${String(migrations[name]!.down ?? '')}`)
    .join('|');
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return `${Object.keys(migrations).length}_${(h >>> 0).toString(36)}`;
};
