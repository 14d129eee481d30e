import type { TestApp } from '../../testing/test-app.js';
import { seedEditFixtures } from '../inspections/inspection-edit.fixtures.test-helpers.js';

/**
 * Fixtures for the audit tests: the inspection-edit fixtures (roles, point library, machine SN-1) plus audit
 * protocols — site (radio, comment), operational (measurement), two machine protocols sharing the radio point,
 * a screen protocol and a configurator — a screen machine, and a REST caller.
 */
export async function seedAuditFixtures(t: TestApp) {
  const f = await seedEditFixtures(t);
  const { points: pt } = f;
  const site = await f.protocol('Site audit', 'Audit_Site', [['Plant', [pt.radio, pt.comment]]]);
  const operational = await f.protocol('Site operational audit', 'Audit_Site_Operational', [['Operation', [pt.measure]]]);
  const machine = await f.protocol('Machine audit', 'Audit_Machine', [['Crusher', [pt.radio, pt.measure]], ['Belts', [pt.table]]]);
  const machine2 = await f.protocol('Machine audit, short', 'Audit_Machine', [['Short', [pt.table, pt.radio]]]);
  const screen = await f.protocol('Screen audit', 'Audit_Screen', [['Deck', [pt.comment]]]);
  const configurator = await f.protocol('Configurator', 'Equipment_Configurator', [['Setup', [pt.comment]]]);
  const contact = await t.db.insertInto('contacts').values({ customer_id: f.ref.customerId, customer_site_id: f.ref.siteId, name: 'Sam Site', email: 'sam@quarry.example', phone_number: '+358 40 1' }).returning('id').executeTakeFirstOrThrow();
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, contentType?: string) =>
    t.app.inject({
      method, url, payload: payload === undefined ? undefined : typeof payload === 'string' && contentType ? payload : JSON.stringify(payload),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {}) },
    });
  const createAudit = async (token = f.tok.inspector, body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/v1/audits', token, { customerId: f.ref.customerId, customerSiteId: f.ref.siteId, inspectionDate: Date.UTC(2026, 2, 1), ...body });
    if (res.statusCode !== 201) throw new Error(`create audit: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return { ...f, protocols: { site, operational, machine, machine2, screen, configurator }, contactId: contact.id, call, createAudit };
}
export type AuditFixtures = Awaited<ReturnType<typeof seedAuditFixtures>>;
