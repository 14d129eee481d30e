import { insertMany, json, type SeedContext } from './context.js';
import type { Reference } from './reference.js';
import { STAFF } from './reference.js';
import { DAY, daysAgo } from './random.js';

/** Certified users (some certifications expired), background services, web and app logs. */
export async function seedOperations(ctx: SeedContext, ref: Reference) {
  const { db, rnd, now } = ctx;
  const people: [string, string, string][] = [
    ['aino.technician@company.example', 'E1001', 'Aino Technician'],
    ['bjorn.service@company.example', 'E1002', 'Björn Service'],
    ['carla.field@company.example', 'E1003', 'Carla Field'],
    ['dev.mechanic@company.example', 'E1004', 'Dev Mechanic'],
    ['emma.expired@company.example', 'E1005', 'Emma Expired'],
    ['inspector@company.example', 'E1006', STAFF.inspector.name],
  ];
  for (const [i, [email, employee_id, name]] of people.entries()) {
    const u = await db.insertInto('certified_users').values({ email, employee_id, name }).returning('id').executeTakeFirstOrThrow();
    const fams = rnd.sample(ref.families, i === 4 ? 1 : rnd.int(1, 3));
    await insertMany(db, 'certifications', fams.map((f, k) => {
      // The fifth person's only certification, and every third one otherwise, has expired.
      const expired = i === 4 || (i + k) % 3 === 2;
      const certified = daysAgo(now, expired ? 900 + k * 30 : 100 + k * 30);
      return { certified_user_id: u.id, product_family_id: f.id, certification_date: certified, expiration_date: new Date(certified.getTime() + 730 * DAY) };
    }));
  }

  // Rows of real recurring jobs (the ids of contracts' recurringJobs) as a worker leaves them: one failed, to RESET.
  await insertMany(db, 'background_services', [
    { id: 'maintenance.cleanup', status: 'Succeeded', enabled: true, last_run_at: new Date(now.getTime() - 1800_000), next_run_at: new Date(now.getTime() + 1800_000), last_duration_ms: 41, last_result: json({ sessions: 3 }) },
    { id: 'documents.sync', status: 'Succeeded', enabled: true, last_run_at: new Date(now.getTime() - 120_000), next_run_at: new Date(now.getTime() + 180_000), last_duration_ms: 12, last_result: json({ packages: 3, changed: 0 }) },
    { id: 'maintenance.generatedFiles', status: 'Failed', enabled: true, last_run_at: daysAgo(now, 1), next_run_at: new Date(now.getTime() + DAY / 2), last_duration_ms: 3012, last_error: 'storage: connect ECONNREFUSED 127.0.0.1:9000' },
  ]);

  const users = [STAFF.admin.email, STAFF.manager.email, STAFF.inspector.email, 'dist.user@distributor.example'];
  const urls = ['/api/v1/inspections?offset=0&amount=50', '/api/v1/audits', '/api/v1/customers/query', '/api/v1/inspectionPoints/list', '/auth/group'];
  await insertMany(db, 'web_logs', Array.from({ length: 40 }, (_, i) => {
    const at = new Date(now.getTime() - i * 17 * 60_000);
    return {
      occurred_at: at, user_email: users[i % users.length], method: i % 7 === 0 ? 'PUT' : 'GET', status_code: i % 13 === 0 ? 500 : i % 9 === 0 ? 404 : 200,
      duration_ms: 5 + (i * 37) % 400, url: urls[i % urls.length], created_at: at, updated_at: at,
    };
  }));
  // Two sessions of the field app for the inspector, split by a gap longer than 5 minutes (002 §2 /Logs).
  await insertMany(db, 'app_logs', Array.from({ length: 20 }, (_, i) => {
    const at = new Date(now.getTime() - DAY + i * 60_000 + (i >= 10 ? 3600_000 : 0));
    const email = i % 5 === 4 ? 'dist.user@distributor.example' : STAFF.inspector.email;
    return {
      occurred_at: at, app_version: '3.5.2', event_name: ['AppStarted', 'InspectionOpened', 'PointSaved', 'PhotoTaken', 'InspectionSent'][i % 5],
      os_name: i % 2 ? 'Android' : 'iOS', properties: JSON.stringify({ email, screen: 'Inspection' }), user_email: email, created_at: at, updated_at: at,
    };
  }));
}
