import type { FastifyInstance } from 'fastify';

/** REST api/v1 routes of inspection point authoring (001 §7). */
export async function inspectionPointsRestRoutes(_app: FastifyInstance) {}
