/** Keys shared by the link (first-load code, no Dexie) and the store. */
export type StoredKind = 'inspection' | 'audit';

/** The stored key of a read: its tRPC path and input. */
export const readKey = (path: string, input: unknown) => `${path} ${JSON.stringify(input ?? null)}`;

/** 'inspection:<id>' or 'audit:<id>': the same as the write queue's scope of that inspection or audit. */
export const itemKey = (kind: StoredKind, id: string) => `${kind}:${id}`;
