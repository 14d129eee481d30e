import type { FastifyInstance } from 'fastify';

/** REST api/v1 routes of this domain (spec 002 §7), at their exact paths. */
export async function equipmentRestRoutes(_app: FastifyInstance) {}
