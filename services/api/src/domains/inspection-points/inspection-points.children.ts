import { isTempId } from '@insp/contracts';
import type { Db } from '@insp/db';
import { AppError } from '../../errors.js';

/*
 * Writing a point's child rows by id (001 §4, §7): an item with a uuid updates that row, which must be one of
 * this parent's (else 400 naming the item's id); an item without one, or with a 'temp-id-…' id, is inserted (the
 * temporary id never reaches the database, it only maps to the new row for references in the same payload).
 * With deleteMissing the rows the payload omits are removed.
 */

export const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

type Item = { id?: string | null; index?: number | undefined };
type Row = { id: string; index: number };

export interface SyncResult {
  /** The database id of each payload item, in payload order. */
  ids: string[];
  /** temp id → new row id. */
  temp: Map<string, string>;
  /** Ids of the rows removed because the payload omitted them. */
  removed: string[];
}

/**
 * Inserts, updates and (with deleteMissing) deletes the rows of one child table under one parent. A new item
 * without an index gets max index + 1 (001 §5); an existing one without an index keeps its place.
 */
// The table is a parameter here, which Kysely's types cannot follow: callers pass only child tables of 0005, and the
// column names in `values` are checked by the tests that read every row back.
export async function syncRows<I extends Item>(
  db: Db,
  opts: {
    table: string;
    parentColumn: string;
    parentId: string;
    items: I[];
    existing: Row[];
    deleteMissing: boolean;
    path: string;
    /** False for tables without an index column (chart lines, limits). */
    indexed?: boolean;
    values: (item: I, i: number) => Promise<Record<string, unknown>> | Record<string, unknown>;
    /** Columns to write on an update (default: all of `values`). */
    updateValues?: (item: I, i: number, row: Row) => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
): Promise<SyncResult> {
  const existing = new Map(opts.existing.map((r) => [r.id, r]));
  const kept = opts.deleteMissing ? [] : opts.existing.map((r) => r.index);
  let max = Math.max(-1, ...kept, ...opts.items.map((it) => it.index ?? -1), ...opts.items.filter((it) => !isTempId(it.id)).map((it) => existing.get(it.id!)?.index ?? -1));
  const seen = new Set<string>();
  const ids: string[] = [];
  const temp = new Map<string, string>();
  for (const [i, item] of opts.items.entries()) {
    if (isTempId(item.id)) {
      const index = item.index ?? ++max;
      const row = await (db as any)
        .insertInto(opts.table)
        .values({ ...(await opts.values(item, i)), ...(opts.indexed === false ? {} : { index }), [opts.parentColumn]: opts.parentId })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      if (item.id) {
        if (temp.has(item.id)) throw bad(`${opts.path}[${i}].id`, 'the same temporary id is used twice');
        temp.set(item.id, row.id);
      }
      continue;
    }
    const row = existing.get(item.id!);
    if (!row) throw bad(`${opts.path}[${i}].id`, `${item.id} is not one of this point's items`);
    if (seen.has(row.id)) throw bad(`${opts.path}[${i}].id`, 'the same item is given twice');
    seen.add(row.id);
    // An update keeps the row's creation time (rows without an index are read in creation order).
    const { created_at: _created, ...values } = opts.updateValues ? await opts.updateValues(item, i, row) : await opts.values(item, i);
    await (db as any)
      .updateTable(opts.table)
      .set({ ...values, ...(opts.indexed === false ? {} : { index: item.index ?? row.index }) })
      .where('id', '=', row.id)
      .execute();
    ids.push(row.id);
  }
  const removed = opts.deleteMissing ? opts.existing.filter((r) => !seen.has(r.id)).map((r) => r.id) : [];
  if (removed.length) await (db as any).deleteFrom(opts.table).where('id', 'in', removed).execute();
  return { ids, temp, removed };
}

export type FollowUpInput =
  | {
      id?: string | null;
      index?: number;
      title?: string;
      keyboardType?: string;
      inputValidationRegexp?: string | null;
      validationConsequence?: string;
      metas?: unknown[];
    }
  | null
  | undefined;

/**
 * The follow-up range value of one option (001 §3): null removes it; undefined removes it under deleteMissing and
 * keeps it otherwise; with the current row's id it is updated; without an id a new one replaces it. Replaced or
 * removed rows are returned as orphans for the caller to delete once nothing refers to them.
 */
export async function saveFollowUp(
  db: Db,
  current: string | null,
  input: FollowUpInput,
  deleteMissing: boolean,
  path: string,
  orphans: string[],
): Promise<string | null> {
  if (input === undefined && !deleteMissing) return current;
  if (!input) {
    if (current) orphans.push(current);
    return null;
  }
  const values = {
    index: input.index ?? 0,
    title: input.title ?? '',
    keyboard_type: input.keyboardType ?? 'default',
    input_validation_regexp: input.inputValidationRegexp ?? null,
    validation_consequence: input.validationConsequence ?? 'NoAction',
    metas: JSON.stringify(input.metas ?? []),
  };
  if (!isTempId(input.id)) {
    if (input.id !== current) throw bad(`${path}.followUpRangeValue.id`, `${input.id} is not this option's follow-up range value`);
    await db.updateTable('follow_up_range_values').set(values).where('id', '=', current).execute();
    return current;
  }
  if (current) orphans.push(current);
  return (await db.insertInto('follow_up_range_values').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Deletes follow-up rows no option refers to any more. */
export async function deleteOrphanFollowUps(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db
    .deleteFrom('follow_up_range_values')
    .where('id', 'in', ids)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('option_group_options').select('id').whereRef('follow_up_range_value_id', '=', 'follow_up_range_values.id'))),
        eb.not(eb.exists(eb.selectFrom('multiple_choice_options').select('id').whereRef('follow_up_range_value_id', '=', 'follow_up_range_values.id'))),
        eb.not(eb.exists(eb.selectFrom('dropdown_options').select('id').whereRef('follow_up_range_value_id', '=', 'follow_up_range_values.id'))),
      ]),
    )
    .execute();
}
