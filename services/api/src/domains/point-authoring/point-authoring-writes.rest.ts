import type { FastifyInstance } from 'fastify';

/** Writes around point authoring: measurement limits, translations, batch update of similar options, tags. */
export async function pointAuthoringWriteRoutes(_app: FastifyInstance) {}
