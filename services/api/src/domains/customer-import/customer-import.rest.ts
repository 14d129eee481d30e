import type { FastifyInstance } from 'fastify';

/** REST routes of the customer import (upload of an Excel or CSV file, progress, error report). */
export async function customerImportRestRoutes(_app: FastifyInstance) {}
