import type { Actor } from '@insp/contracts';
import { isAllowed, type Permission } from '@insp/contracts';
import type { Db, SessionUserRow } from '@insp/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import { AppError, forbidden, unauthorized } from './errors.js';

/** Wakes the outbox relay after a commit so jobs start at once instead of at the next poll. */
export interface JobKicker {
  kick(): void;
}

/** What every service function receives: (ctx, input) => output. */
export interface ServiceContext {
  db: Db;
  actor: Actor | null;
  /** The signed-in session (token id and user row) the actor was resolved from. */
  session: { id: string; row: SessionUserRow } | null;
  config: AppConfig;
  log: FastifyBaseLogger;
  jobs: JobKicker;
  /** Caller's address, for rate limits and logs. */
  ip: string;
}

export type AuthedContext = ServiceContext & { actor: Actor };

/** Refuses unless signed in and allowed by the rule; returns the context typed with a certain actor. */
export function requirePermission(ctx: ServiceContext, rule: Permission): AuthedContext {
  if (!ctx.actor) throw unauthorized();
  if (!isAllowed(rule, ctx.actor)) throw forbidden();
  return ctx as AuthedContext;
}

export function requireActor(ctx: ServiceContext): AuthedContext {
  if (!ctx.actor) throw unauthorized();
  return ctx as AuthedContext;
}

/**
 * Runs a multi-step write in one transaction; jobs written to the outbox inside it are relayed after commit.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (tx: ServiceContext) => Promise<T>): Promise<T> {
  // Inside an enclosing transaction (a keyed write, lib/idempotency.ts) the write joins it: the key and the write
  // commit or roll back together.
  if (ctx.db.isTransaction) return fn(ctx);
  const result = await ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx as unknown as Db }));
  ctx.jobs.kick();
  return result;
}

export { AppError };
