import type { Actor } from '@insp/contracts';
import type { ServiceContext } from '../services/api/src/context.js';
import type { TestApp } from '../services/api/src/testing/test-app.js';

/** The services called directly as the seeded staff Admin (no HTTP): what a benchmark compares with raw SQL. */
export async function adminServiceContext(t: TestApp): Promise<ServiceContext> {
  const admin = await t.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'admin@company.example').executeTakeFirstOrThrow();
  const actor: Actor = { userId: admin.id, email: admin.email, kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };
  return { db: t.db, actor, config: t.config, log: console, jobs: { kick() {} } } as unknown as ServiceContext;
}
