import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { ZProtocolFit, ZProtocolFitQuery } from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { protocolsByFit } from './protocols-fit.service.js';

/** Protocols that fit a machine, for starting an inspection (001 §7 sortedByFit). */
export async function protocolsFitRestRoutes(app: FastifyInstance) {
  typed(app).get('/api/v1/InspectionProtocols/sortedByFit', {
    schema: {
      tags: ['protocols'],
      summary: 'Live protocols that fit a machine, best fit first: equipment target, model, family, then untargeted (hidden types left out)',
      querystring: ZProtocolFitQuery,
      response: { 200: z.array(ZProtocolFit) },
    },
    handler: (req) => protocolsByFit(req.ctx, req.query),
  });
}
