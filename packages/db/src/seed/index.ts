import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { refreshAuditSearchText, refreshInspectionSearchText } from '../repositories/search-text.js';
import type { SeedContext, SeedFiles } from './context.js';
import { createRandom } from './random.js';
import { seedReference } from './reference.js';
import { seedCustomers } from './customers.js';
import { seedPoints } from './points.js';
import { seedTextTranslations } from './text-translations.js';
import { seedDocuments } from './documents.js';
import { seedProtocols } from './protocols.js';
import { seedAudits, seedInspections } from './inspections.js';
import { seedOperations } from './operations.js';

export { seedScale, type SeedScaleOptions, type SeedScaleResult } from './scale.js';
export { STAFF, DISTRIBUTOR_PASSWORD, LANGUAGES } from './reference.js';
export { solidPng } from './png.js';

export interface SeedDemoOptions extends SeedFiles {
  /** The demo's "today" (dates are spread backwards from it). Default: now. */
  now?: Date;
  log?: (line: string) => void;
}

/**
 * Demo content for a fresh installation: reference data, fixed sign-ins, customers, a point library with
 * every point type, protocols of several types, reports in every status, audits, documents, certified
 * users, background services and logs.
 *
 * Idempotent by check: does nothing when any user exists (returns false). Runs in one transaction under
 * an advisory lock, so two processes starting at once seed once.
 */
export async function seedDemo(db: Kysely<DB>, opts: SeedDemoOptions): Promise<boolean> {
  const log = opts.log ?? (() => {});
  const hasUsers = async (q: Kysely<DB>) =>
    !!(await q.selectFrom('users').select('id').limit(1).executeTakeFirst());
  if (await hasUsers(db)) return false;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(20261122)`.execute(trx);
    if (await hasUsers(trx)) return false;
    const ctx: SeedContext = { db: trx, now: opts.now ?? new Date(), rnd: createRandom(), putFile: opts.putFile };
    const t0 = Date.now();
    const ref = await seedReference(ctx);
    log('seed: reference data and users');
    const customers = await seedCustomers(ctx, ref);
    log(`seed: ${customers.length} customers`);
    const points = await seedPoints(ctx, ref);
    // Before any inspection: results record the translations with their texts (issue 19).
    await seedTextTranslations(ctx);
    log(`seed: ${points.length} inspection points`);
    await seedDocuments(ctx, ref, points);
    const protocols = await seedProtocols(ctx, ref, points);
    log(`seed: ${protocols.length} protocols and documents`);
    const inspections = await seedInspections(ctx, ref, customers, protocols);
    await seedAudits(ctx, ref, customers, protocols);
    // search_text as the application writes it (folded by the database: repositories/search-text.ts).
    await refreshInspectionSearchText(trx, { all: true });
    await refreshAuditSearchText(trx, { all: true });
    log(`seed: ${inspections.length} inspections and audits`);
    await seedOperations(ctx, ref);
    log(`seed: demo data done in ${Date.now() - t0} ms`);
    return true;
  });
}
