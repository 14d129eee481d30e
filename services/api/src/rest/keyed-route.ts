import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { fingerprint, keyFromHeaders, runKeyedAnswer, type FieldWrite } from '../lib/idempotency.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an optional `Idempotency-Key` header for this operation (issue 23); the OpenAPI document lists it. */
    idempotencyKey?: FieldWrite;
  }
}

/** Route options of a field write that takes `Idempotency-Key` (spread into the route's options). */
export const keyedWrite = (operation: FieldWrite) => ({ config: { idempotencyKey: operation } });

/**
 * A keyed REST write (issue 23): runs `write` once per `Idempotency-Key` and sends its status and body; a repeat
 * sends the first answer again. The fingerprint is the parsed path, query and body (REST and tRPC calls are
 * different requests: one key used on both is a 409). A bad header is a 400 naming `Idempotency-Key`, before anything runs.
 */
export async function answerOnce<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  write: (ctx: ServiceContext) => Promise<T>,
  /** What else makes the request (an upload's file name and sha256): part of the fingerprint. */
  extra?: unknown,
) {
  const operation = req.routeOptions.config.idempotencyKey;
  if (!operation) throw new Error(`${req.routeOptions.url}: answerOnce needs keyedWrite(operation) in the route's options`);
  const key = keyFromHeaders(req.headers);
  const hash = fingerprint({ via: 'rest', params: req.params, query: req.query, body: req.body, extra });
  const answer = await runKeyedAnswer(req.ctx, { operation, key, hash }, async (ctx) => ({ status, body: await write(ctx) }));
  return reply.status(answer.status).send(answer.body);
}
