import { z } from 'zod';

// Schemas of this domain (spec 002 §3, §5), used by the API, the web forms and the worker.
export const _equipmentSchemas = z.object({});
