import type { TOverwritten, TTextVersion } from '@insp/contracts';

/**
 * Issue 23, versions of free texts (the audit's texts, migration 0040; the inspection's, migration 0055): a jsonb
 * `text_versions` column `{field: {version, by, byName, at}}`, one entry per text written since versions are kept.
 * docs/decisions.md, "Field writes: idempotency and conflicts (issue 23)".
 */
export interface StoredTextVersion {
  version: number;
  /** The writer's user id. */
  by: string;
  byName: string | null;
  /** Epoch ms. */
  at: number;
}

/** The stored column as a map (anything unreadable: none). */
export function storedTextVersions(stored: unknown): Record<string, StoredTextVersion | undefined> {
  return (stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {}) as Record<string, StoredTextVersion | undefined>;
}

/** The stored column as the contracts answer it (`{field: {version, updatedAt, updatedBy}}`), for the fields given. */
export function textVersionsOf<F extends string>(stored: unknown, fields: readonly F[]): Partial<Record<F, TTextVersion>> {
  const all = storedTextVersions(stored);
  const out: Partial<Record<F, TTextVersion>> = {};
  for (const field of fields) {
    const v = all[field];
    if (v && typeof v.version === 'number') out[field] = { version: v.version, updatedAt: v.at ?? 0, updatedBy: v.byName ?? null };
  }
  return out;
}

/**
 * The later save wins; did it overwrite someone else's text? Yes when the client said which version it started from
 * and the stored one is newer and written by another user (one's own earlier saves are never reported). Without a
 * base version nothing is known, so nothing is said (older clients).
 */
export function overwrittenText(field: string, before: StoredTextVersion | undefined, baseVersion: number | undefined, userId: string): TOverwritten | undefined {
  if (baseVersion === undefined || !before || before.version <= baseVersion || before.by === userId) return undefined;
  return { field, resultId: null, version: before.version, updatedAt: before.at, updatedBy: before.byName };
}

/** The stamp of a write of a text: one above the stored version, by this user, now. */
export const nextTextVersion = (before: StoredTextVersion | undefined, userId: string, byName: string | null): StoredTextVersion => ({
  version: (before?.version ?? 0) + 1,
  by: userId,
  byName,
  at: Date.now(),
});
