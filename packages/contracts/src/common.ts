import { z } from 'zod';

// isId: the same check without zod, for the web app's first load (issue 23)
export * from './ids.js';

export const ZId = z.uuid();

/**
 * Text a client may send: no C0 control character except tab, line feed and carriage return, and no DEL.
 * PostgreSQL refuses NUL in text (it was a 500); the others are invisible, nobody types them, and they break
 * exports and e-mails. Every string input that reaches the database starts from this (docs/decisions.md, API).
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters (tab and line breaks are allowed)';
const noControlCharacters = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** ZText with the string options of z.string (e.g. `{ error: 'is required' }` for a missing value). */
export const zText = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(noControlCharacters, CONTROL_CHARACTERS_MESSAGE);
export const ZText = zText();

/**
 * A client-made idempotency key (issue 19): REST sends it as the `Idempotency-Key` header, tRPC as `clientRequestId`.
 * A repeat of a write with the same key by the same user answers what the first call made (docs/decisions.md).
 */
export const IDEMPOTENCY_KEY_MESSAGE = 'must be 1 to 200 visible ASCII characters (a UUID, say)';
export const ZIdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/, IDEMPOTENCY_KEY_MESSAGE);

/** Default list query (000 §9, 002 §9): offset 0, amount 50. Max page size (not shown in spec) is 500. */
export const ZListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  amount: z.coerce.number().int().min(1).max(500).default(50),
  search: ZText.trim().max(200).default(''),
  orderKey: ZText.max(64).optional(),
  orderDirection: ZText
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * `count` is exact unless `countCapped` is true: then more than `count` rows match and counting stopped there,
 * so a broad search never counts a million rows (docs/decisions.md, "Lists").
 */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ result: z.array(item), count: z.number().int(), countCapped: z.boolean().optional() });
export type TListResponse<T> = { result: T[]; count: number; countCapped?: boolean };

/** Application error codes; one table maps them to HTTP statuses and tRPC codes. */
export const ErrorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Issue 20: a shared link revoked or expired (it existed, and never serves again). */
  GONE: 410,
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

/**
 * A write body that also takes back, as read, the fields its GET answers and it does not write (issue 20: a REST
 * body refuses unknown fields, and a client may send back what it read). Such a field is optional, checked against
 * the answer's schema, described as read-only in the OpenAPI document, and ignored.
 */
export function acceptingEchoes<W extends z.ZodRawShape, A extends z.ZodRawShape>(write: z.ZodObject<W>, answer: z.ZodObject<A>) {
  const echoes = Object.fromEntries(
    Object.entries(answer.shape)
      .filter(([k]) => !(k in write.shape))
      .map(([k, s]) => [k, readOnlyEcho(s as z.ZodType)]),
  ) as unknown as { [K in Exclude<keyof A, keyof W>]: z.ZodOptional<A[K]> };
  return write.extend(echoes);
}

/** A field a body may carry back as it was read: optional, and `readOnly` in the OpenAPI document (ignored by the server). */
export const readOnlyEcho = <T extends z.ZodType>(s: T) => s.optional().meta({ readOnly: true, description: 'Read-only: answered by GET; sent back, it is ignored.' });
