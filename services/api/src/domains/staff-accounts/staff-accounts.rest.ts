import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { listResponse, ZStaffAccount, ZStaffAccountFlags, ZStaffAccountListQuery } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { getStaffAccount, listStaffAccounts, setStaffAccountFlags } from './staff-accounts.service.js';

const tags = ['staffAccounts'];
const params = z.object({ id: z.uuid() });

/** REST api/v1 routes of the staff accounts (issue 6): Admins or the Developer flag; staff only. */
export async function staffAccountsRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/staffaccounts', {
    schema: { tags, summary: 'Staff users with their level (from identity-provider groups), last sign-in and account flags', querystring: ZStaffAccountListQuery, response: { 200: listResponse(ZStaffAccount) } },
    handler: (req) => listStaffAccounts(req.ctx, req.query),
  });
  r.get('/api/v1/staffaccounts/:id', {
    schema: { tags, summary: 'One staff user (a distributor id answers 404)', params, response: { 200: ZStaffAccount } },
    handler: (req) => getStaffAccount(req.ctx, req.params.id),
  });
  r.put('/api/v1/staffaccounts/:id/flags', {
    schema: { tags, summary: "Replaces a staff user's account flags (Rater, CertificationManager, Developer); not one's own", params, body: ZStaffAccountFlags, response: { 200: ZStaffAccount } },
    handler: (req) => setStaffAccountFlags(req.ctx, req.params.id, req.body),
  });
}
