import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { ZIdempotencyKey } from '@insp/contracts';
import type { ServiceContext } from '../context.js';
import { AppError, fromZodIssues, trpcCodeOf } from '../errors.js';
import { fingerprint, keyFromInput, runKeyedAnswer, type FieldWrite } from '../lib/idempotency.js';

/**
 * tRPC for our own web app. Procedures are thin: parse input (zod), call one service, return.
 * Services throw AppError; the middleware below turns it into the matching tRPC error.
 */
const t = initTRPC.context<ServiceContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const field =
      cause instanceof AppError ? cause.field : cause instanceof ZodError ? fromZodIssues(cause.issues).field : undefined;
    const message = cause instanceof ZodError ? fromZodIssues(cause.issues).message : shape.message;
    return { ...shape, message, data: { ...shape.data, field, stack: undefined } };
  },
});

const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const e = result.error.cause;
    throw new TRPCError({ code: trpcCodeOf[e.code], message: e.message, cause: e });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapAppErrors);
/** Needs a valid token; level and flag checks happen in the service. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign-in required' });
  return next({ ctx });
});

/**
 * A keyed tRPC write (issue 23): the procedure's input has an optional top-level `clientRequestId` (ZIdempotencyKey);
 * `write` runs once per key and a repeat answers the first answer. The fingerprint is the input without the key.
 */
export async function once<I extends { clientRequestId?: string }, T>(
  ctx: ServiceContext,
  operation: FieldWrite,
  input: I,
  write: (ctx: ServiceContext) => Promise<T>,
): Promise<T> {
  const { clientRequestId, ...rest } = input;
  const answer = await runKeyedAnswer(ctx, { operation, key: keyFromInput(clientRequestId), hash: fingerprint({ via: 'trpc', input: rest }) }, async (c) => ({
    status: 200,
    body: await write(c),
  }));
  return answer.body;
}

/** The optional key field every keyed procedure's input takes. */
export const keyField = { clientRequestId: ZIdempotencyKey.optional() };
