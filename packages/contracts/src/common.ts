import { z } from 'zod';

export const ZId = z.uuid();

/** Default list query (000 §9, 002 §9): offset 0, amount 50. Max page size (not shown in spec) is 500. */
export const ZListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  amount: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(200).default(''),
  orderKey: z.string().max(64).optional(),
  orderDirection: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ result: z.array(item), count: z.number().int() });
export type TListResponse<T> = { result: T[]; count: number };

/** Application error codes; one table maps them to HTTP statuses and tRPC codes. */
export const ErrorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ErrorCodes;

/** The one error shape every REST error answers with. */
export const ZErrorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
