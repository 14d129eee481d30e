import type { FastifyInstance } from 'fastify';
import { listResponse, ZServicedEquipmentQuery, ZServicedEquipmentRow, ZUsageQuery, ZUsageSummary } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { companiesServicedEquipment, servicedEquipment, usageSummary } from './usage-dashboard.service.js';

const tags = ['inspections'];
const who = 'staff admins or the Developer flag';

/** The dashboard calls of spec 002 §7 at their exact paths (issue 22). */
export async function usageDashboardRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/inspections/summary', {
    schema: { tags, summary: `Usage dashboard: this week (Monday first), month and year in timeZone (default UTC) and the surface drills totals; ${who}`, querystring: ZUsageQuery.pick({ timeZone: true }), response: { 200: ZUsageSummary } },
    handler: (req) => usageSummary(req.ctx, req.query),
  });
  r.get('/api/v1/inspections/servicedEquipment', {
    schema: { tags, summary: `Surface drills serviced per customer (onlyIncludeServiced default true); ${who}`, querystring: ZServicedEquipmentQuery, response: { 200: listResponse(ZServicedEquipmentRow) } },
    handler: (req) => servicedEquipment(req.ctx, req.query),
  });
  r.get('/api/v1/inspections/companiesServicedEquipment', {
    schema: { tags, summary: `Machines serviced per distributor company; ${who}`, querystring: ZUsageQuery, response: { 200: listResponse(ZServicedEquipmentRow) } },
    handler: (req) => companiesServicedEquipment(req.ctx, req.query),
  });
}
