import { sql } from 'kysely';
import type { Db } from '@insp/db';

/**
 * Contains-search over a trigram index is slow when the term holds words that nearly every row has ('oy',
 * a company-wide prefix, 'daily'): GIN must walk the huge posting lists of their trigrams (140 ms at a million
 * rows for a four-word customer name against 9 ms for its one distinctive word). So a multi-word term is looked
 * up by its rarest word through the index and the whole term is checked on those rows only.
 *
 * Which word is rarest is judged the way PostgreSQL's planner judges a LIKE pattern: against the column's
 * statistics sample (pg_stats histogram and most common values, about a hundred real values), kept here for a
 * few minutes. Without statistics (a fresh or embedded database) the longest word is taken.
 */
const SAMPLE_TTL_MS = 10 * 60_000;
const samples = new WeakMap<object, Map<string, { at: number; values: Promise<string[]> }>>();

/**
 * The pieces of a term an index can look up: words, and the parts of a word joined by punctuation (a serial
 * number 'sc9a63f8-0004321' often shares its prefix with thousands of others; its tail is what is rare).
 */
export function wordsOf(term: string): string[] {
  return [...new Set(term.split(/[\s\-_./:,;#]+/).filter((w) => w.length >= 3))];
}

/**
 * Near enough to the database's search_fold (migration 0024) to count a word in the folded sample: lower case,
 * combining marks removed. Used only to judge rarity; the SQL folds the word and the term itself.
 */
const roughlyFolded = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The word found in the fewest sample values; ties go to the longer word. */
export function rarestWord(words: string[], sampleValues: string[]): string {
  const scored = words.map((w) => ({ w, n: sampleValues.filter((v) => v.includes(roughlyFolded(w))).length }));
  scored.sort((a, b) => a.n - b.n || b.w.length - a.w.length);
  return scored[0]!.w;
}

async function statisticsSample(db: Db, table: string, column: string): Promise<string[]> {
  const { rows } = await sql<{ v: string[] | null }>`
    select coalesce(histogram_bounds::text::text[], '{}') || coalesce(most_common_vals::text::text[], '{}') as v
    from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = ${column}`.execute(db);
  return rows[0]?.v ?? [];
}

/** The piece of `term` to look up through the index, or null when the term is one piece (search it whole). */
export async function indexWord(db: Db, table: string, column: string, term: string): Promise<string | null> {
  const words = wordsOf(term);
  if (words.length < 2) return null;
  let byColumn = samples.get(db);
  if (!byColumn) samples.set(db, (byColumn = new Map()));
  const key = `${table}.${column}`;
  let entry = byColumn.get(key);
  if (!entry || Date.now() - entry.at > SAMPLE_TTL_MS) {
    entry = { at: Date.now(), values: statisticsSample(db, table, column).catch(() => []) };
    byColumn.set(key, entry);
  }
  return rarestWord(words, (await entry.values).map((v) => v.toLowerCase()));
}
