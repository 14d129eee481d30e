import type { FastifyInstance } from 'fastify';

/** REST api/v1 routes around point authoring (001 §7 reference data, measurement limits, batch update; 002 tags). */
export async function pointAuthoringRestRoutes(_app: FastifyInstance) {}
