import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { listResponse, ZAction, ZOpenAction, ZActionAccept, ZActionFixCandidate, ZActionAssign, ZActionClose, ZActionDismiss, ZActionListQuery, ZId } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { getAction, listActions, listFixCandidates } from './actions-read.service.js';
import { openActionsOfReport } from './actions-of-inspection.service.js';
import { acceptAction, assignAction, closeAction, dismissAction } from './actions-write.service.js';

const tags = ['follow-up actions'];
const params = z.object({ id: ZId });
const one = { 200: ZAction };

/** Follow-up actions (issue 24; not in the spec): docs/decisions.md "Follow-up actions (issue 24)". */
export async function actionRestRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get('/api/v1/actions', {
    schema: { tags, summary: 'Follow-up actions: proposed and open by default (states=…), overdue, per customer, equipment, inspection, point or assignee (me)', querystring: ZActionListQuery, response: { 200: listResponse(ZAction) } },
    handler: (req) => listActions(req.ctx, req.query),
  });
  r.get('/api/v1/inspections/:id/actions', {
    schema: {
      tags,
      summary: "The open actions earlier inspections of this inspection's equipment left, most urgent first (whoever may read the inspection)",
      params,
      response: { 200: z.array(ZOpenAction) },
    },
    handler: (req) => openActionsOfReport(req.ctx, req.params.id),
  });
  r.get('/api/v1/actions/:id', { schema: { tags, summary: 'One follow-up action', params, response: one }, handler: (req) => getAction(req.ctx, req.params.id) });
  r.get('/api/v1/actions/:id/fixCandidates', {
    schema: {
      tags,
      summary: 'The inspections a close may name as showing the fix: finished reports of the same equipment dated on or after the finding one, newest first, at most 20',
      params,
      response: { 200: z.array(ZActionFixCandidate) },
    },
    handler: (req) => listFixCandidates(req.ctx, req.params.id),
  });
  r.post('/api/v1/actions/:id/accept', {
    schema: { tags, summary: 'Accepts a proposal as an open action, optionally assigned with a due date (staff Managers and Admins)', params, body: ZActionAccept, response: one },
    handler: (req) => acceptAction(req.ctx, req.params.id, req.body),
  });
  r.post('/api/v1/actions/:id/dismiss', {
    schema: { tags, summary: 'Dismisses a proposal with a reason; it is not proposed again (staff Managers and Admins)', params, body: ZActionDismiss, response: one },
    handler: (req) => dismissAction(req.ctx, req.params.id, req.body),
  });
  r.put('/api/v1/actions/:id/assignment', {
    schema: { tags, summary: 'Assigns an open action, with a due date (staff Managers and Admins)', params, body: ZActionAssign, response: one },
    handler: (req) => assignAction(req.ctx, req.params.id, req.body),
  });
  r.post('/api/v1/actions/:id/close', {
    schema: { tags, summary: 'Closes an open action with a comment and optionally the inspection that shows the fix (a manager or the assignee)', params, body: ZActionClose, response: one },
    handler: (req) => closeAction(req.ctx, req.params.id, req.body),
  });
}
