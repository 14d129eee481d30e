import type { FastifyInstance } from 'fastify';
import { authRestRoutes } from '../../domains/auth/auth.rest.js';

/** Every REST module of the public contract. Each domain adds its routes here. */
export async function restRoutes(app: FastifyInstance) {
  await app.register(authRestRoutes);
}
