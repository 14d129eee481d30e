import { createHash } from 'node:crypto';
import { ZIdempotencyKey } from '@insp/contracts';
import type { Db } from '@insp/db';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';

/*
 * Idempotency keys (issue 19, docs/decisions.md "Point save is one operation"): a write sent again with the same
 * client-made key by the same user answers what the first call made, and makes nothing new. Keys live in
 * `idempotency_keys` (primary key user, operation, key) for a day; the worker's maintenance.cleanup deletes them.
 */

/** Writes that take a key; each is its own key space, and the result id says what the first call made. */
export type KeyedOperation = 'inspection_point.create' | 'inspection_point.files' | 'document.version' | 'document_package.create' | FieldWrite;

/**
 * The field writes of issue 23 (apps/web/src/inspection-writes/types.ts): each keeps its first answer with its key
 * (`runKeyedAnswer`), so a repeat answers the same status and body whatever happened since.
 */
export type FieldWrite =
  | 'image.upload'
  | 'voice.upload'
  | 'inspection.create'
  | 'inspection.update'
  | 'inspection.results'
  | 'inspection.finish'
  | 'inspection.delete'
  | `audit.${
      | 'setText' | 'setInspector' | 'setDetails' | 'addRunExtraPoint' | 'setRunConfigurator' | 'addSuggestion' | 'editSuggestion'
      | 'deleteSuggestion' | 'dismissProposal' | 'addRun' | 'deleteRun' | 'changeRunEquipment' | 'setRunIncluded' | 'changeRunProtocol'
      | 'createResult' | 'updateResult'}`;

/** A key as the caller sent it; `field` names it in errors ('Idempotency-Key' on REST, 'clientRequestId' on tRPC). */
export interface IdempotencyKey {
  key: string;
  field: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The optional `Idempotency-Key` header of a REST write; 400 naming the header when it is not a usable key. */
export function keyFromHeaders(headers: Record<string, string | string[] | undefined>): IdempotencyKey | undefined {
  const value = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  const parsed = ZIdempotencyKey.safeParse(value);
  if (!parsed.success) {
    const message = Array.isArray(value) ? 'send the header once' : (parsed.error.issues[0]?.message ?? 'is not a key');
    throw new AppError('BAD_REQUEST', `${IDEMPOTENCY_HEADER}: ${message}`, IDEMPOTENCY_HEADER);
  }
  return { key: parsed.data, field: IDEMPOTENCY_HEADER };
}

/** The tRPC spelling: an optional input field (already checked by the contract's schema). */
export const keyFromInput = (clientRequestId: string | undefined, field = 'clientRequestId'): IdempotencyKey | undefined =>
  clientRequestId === undefined ? undefined : { key: clientRequestId, field };

/** JSON with object keys sorted, so the same input has one fingerprint whatever order its keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** The fingerprint of a call's input: sha256 of its canonical JSON. */
export const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const keyReused = (key: IdempotencyKey) =>
  new AppError('CONFLICT', `${key.field}: ${key.key} was already used for a different request; send a new key for a new request`, key.field);

/** Thrown inside the write's transaction when another call holds the key: the write rolls back. */
class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken by an earlier call');
  }
}

interface Keyed {
  db: Db;
  userId: string;
  operation: KeyedOperation;
  key: IdempotencyKey | undefined;
  /** fingerprint() of the call's input, files included. */
  hash: string;
}

/** What an earlier call with this key made, or null; 409 naming the key when that call had another input. */
async function earlierResult(k: Keyed & { key: IdempotencyKey }): Promise<string | null> {
  const row = await k.db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'result_id'])
    .where('user_id', '=', k.userId)
    .where('operation', '=', k.operation)
    .where('key', '=', k.key.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== k.hash) throw keyReused(k.key);
  return row.result_id;
}

/**
 * Runs a keyed write once. Without a key it just runs. With one, a key already stored answers its result without
 * running (the check comes before the write stores any file). Otherwise the write runs and calls `claim` inside its
 * transaction once it knows its result id: the insert into the primary key either takes the key or, when a racing
 * call with the same key got there first, waits for that call's commit and finds the key taken; the write then rolls
 * back (its files are removed by withUploads) and the first call's result is answered.
 */
export async function runOnce(
  k: Keyed,
  write: (claim: (tx: Db, resultId: string) => Promise<void>) => Promise<string>,
): Promise<{ id: string; repeated: boolean }> {
  const key = k.key;
  if (!key) return { id: await write(async () => {}), repeated: false };
  const keyed = { ...k, key };
  const earlier = await earlierResult(keyed);
  if (earlier) return { id: earlier, repeated: true };
  try {
    const id = await write(async (tx, resultId) => {
      const taken = await tx
        .insertInto('idempotency_keys')
        .values({ user_id: k.userId, operation: k.operation, key: key.key, request_hash: k.hash, result_id: resultId })
        .onConflict((oc) => oc.columns(['user_id', 'operation', 'key']).doNothing())
        .returning('result_id')
        .executeTakeFirst();
      if (!taken) throw new KeyTaken();
    });
    return { id, repeated: false };
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    // Rolled back; the racing call has committed (the insert waited for it), so its row is there to read.
    const first = await earlierResult(keyed);
    if (!first) throw err;
    return { id: first, repeated: true };
  }
}

/** A write's answer as the transport sends it: HTTP status and body. */
export interface Answer<T> {
  status: number;
  body: T;
}

/** The answer kept with a key; 409 naming the key when the first call had another input. */
async function keptAnswer<T>(db: Db, k: Keyed & { key: IdempotencyKey }): Promise<Answer<T> | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'response'])
    .where('user_id', '=', k.userId)
    .where('operation', '=', k.operation)
    .where('key', '=', k.key.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== k.hash) throw keyReused(k.key);
  return { status: row.status ?? 200, body: row.response as T };
}

/**
 * Runs a field write once per key and answers a repeat with the first answer (issue 23, docs/decisions.md "Field
 * writes: idempotency and conflicts"). Without a key the write just runs. With one, a key already kept answers its
 * answer (checked before the write, so an upload stores no file for a repeat). Otherwise one transaction first
 * inserts the key (a racing call with the same key waits on that insert until the first commits, then finds it
 * taken and answers the first answer), runs the write inside it (services' own transactions join it) and keeps the
 * answer, as JSON (no answer holds a Date), beside the key. A failed write rolls its key back, so its retry runs.
 */
export async function runKeyedAnswer<T>(
  ctx: ServiceContext,
  k: { operation: FieldWrite; key: IdempotencyKey | undefined; hash: string },
  write: (ctx: ServiceContext) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const key = k.key;
  // Keys are per user: only a signed-in caller has a key space (the write refuses the others itself).
  const userId = ctx.actor?.userId;
  if (!key || !userId) return write(ctx);
  const keyed = { db: ctx.db, userId, operation: k.operation, key, hash: k.hash };
  const kept = await keptAnswer<T>(ctx.db, keyed);
  if (kept) return kept;
  try {
    const answer = await ctx.db.transaction().execute(async (trx) => {
      const tx = trx as unknown as Db;
      const taken = await tx
        .insertInto('idempotency_keys')
        .values({ user_id: userId, operation: k.operation, key: key.key, request_hash: k.hash, result_id: null })
        .onConflict((oc) => oc.columns(['user_id', 'operation', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!taken) throw new KeyTaken();
      const made = await write({ ...ctx, db: tx });
      await tx
        .updateTable('idempotency_keys')
        .set({ status: made.status, response: sql`${JSON.stringify(made.body ?? null)}::jsonb` })
        .where('user_id', '=', userId)
        .where('operation', '=', k.operation)
        .where('key', '=', key.key)
        .execute();
      return made;
    });
    ctx.jobs.kick();
    return answer;
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const first = await keptAnswer<T>(ctx.db, keyed);
    if (!first) throw err;
    return first;
  }
}
