import { Dexie, type DexieOptions, type Table, type Transaction } from 'dexie';

/** The format of an entry as this code writes it (docs/decisions.md, "Offline write queue (issue 23)"). */
export const FORMAT_VERSION = 3;

/**
 * One write kept on the device until the server answered it. `seq` (auto-increment) is the order it was made;
 * `id` is made on the device and sent as the idempotency key on every try (tRPC `clientRequestId`, the upload's
 * `Idempotency-Key`), so a retry the server already applied is answered the same and applied once.
 */
export interface QueueEntry {
  seq?: number;
  id: string;
  formatVersion: number;
  /**
   * Format 3: who made it (the user whose session the app held), so that it is sent under their sign-in only.
   * Absent on an entry of format 2 (or made with nobody known): the first user signed in when the queue next
   * starts or hears a sign-in claims it (`WriteQueue.claimUnowned`). The name is shown to the next user.
   */
  userId?: string;
  userName?: string;
  /** What the write belongs to ('audit:<id>', 'inspection:<id>', 'images'): shown per item, never sent. */
  scope: string;
  /** The item on screen whose status this write is ('audit:<id>:text:summary'), or null. */
  item: string | null;
  kind: 'trpc' | 'upload';
  /** tRPC procedure path ('audits.setText') for kind trpc. */
  procedure?: string;
  input?: unknown;
  /** Photo, signature or voice comment bytes for kind upload, kept here until uploaded. */
  file?: Blob;
  fileName?: string;
  /**
   * Uploads (issue 23, resumable): what the file becomes ('image' when absent: entries of before voice comments)
   * and the tus upload URL of the last try, so a retry or a reload goes on from the server's offset. Optional
   * fields of format 2: no schema version (neither is indexed).
   */
  uploadKind?: 'image' | 'voice';
  uploadUrl?: string;
  /** The answer's `id` is the server's id for this entry's client id (uploads, created results, runs...). */
  createsId: boolean;
  state: 'waiting' | 'refused';
  attempts: number;
  /**
   * Tries answered by the server failing on it (backoff.ts `failsOnServer`); at SERVER_FAILURE_LIMIT the entry is
   * refused. Optional field of format 2 (not indexed): absent on older entries, counted from 0.
   */
  serverFailures?: number;
  /** Not tried again before this time (ms since epoch): the backoff after a network failure. */
  nextTryAt: number;
  /** The server's message (refused) or the last network failure. */
  error?: string;
  status?: number | null;
  createdAt: number;
}

/** A client-made id (a photo's, a created result's) and what the server answered for it. */
export interface IdMapping {
  clientId: string;
  serverId: string | null;
  /** Set when the entry that was to make it was refused: writes naming it are refused too. */
  refused?: string;
}

/** Version 1's entry (the first layout): `path` and `blob` where version 2 has `procedure` and `file`, no item. */
export interface QueueEntryV1 {
  seq?: number;
  id: string;
  formatVersion?: 1;
  scope: string;
  kind: 'trpc' | 'upload';
  path?: string;
  input?: unknown;
  blob?: Blob;
  fileName?: string;
  state: 'waiting' | 'refused';
  attempts: number;
  nextTryAt: number;
  error?: string;
  createdAt: number;
}

export const DB_NAME = 'insp-offline-queue';

/** Version 1's schema, kept so that a database of an older app is upgraded (and tests can make one). */
export function defineV1(db: Dexie) {
  db.version(1).stores({ entries: '++seq, &id, scope' });
}

/**
 * Upgrades one entry of any earlier format to the current one (also run by the Dexie upgrades below). Format 2 -> 3
 * adds nothing but the version: the maker is not known, so `userId` stays absent until a sign-in claims the entry.
 */
export function upgradeEntry(e: QueueEntryV1 | QueueEntry): QueueEntry {
  const version = e.formatVersion ?? 1;
  if (version >= FORMAT_VERSION) return e as QueueEntry;
  if (version === 2) return { ...(e as QueueEntry), formatVersion: FORMAT_VERSION };
  const old = e as QueueEntryV1;
  const { path, blob, ...rest } = old;
  return {
    ...rest,
    formatVersion: FORMAT_VERSION,
    item: null,
    ...(path !== undefined ? { procedure: path } : {}),
    ...(blob !== undefined ? { file: blob } : {}),
    createsId: old.kind === 'upload',
  };
}

/** Rewrites every stored entry in place to the current format (a Dexie upgrade function). */
function upgradeAll(tx: Transaction) {
  return tx.table('entries').toCollection().modify((e: Record<string, unknown>) => {
    const next = upgradeEntry(e as unknown as QueueEntryV1);
    for (const k of Object.keys(e)) if (!(k in next)) delete e[k];
    Object.assign(e, next);
  });
}

/** Version 2's schema, kept as version 1's is: a database of the app before format 3 is upgraded from it. */
export function defineV2(db: Dexie) {
  defineV1(db);
  db.version(2).stores({ entries: '++seq, &id, scope, item, state, [state+seq]', ids: '&clientId' }).upgrade(upgradeAll);
}

export class QueueDb extends Dexie {
  entries!: Table<QueueEntry, number>;
  ids!: Table<IdMapping, string>;

  /** `options`: another IndexedDB (tests give fake-indexeddb's). */
  constructor(name = DB_NAME, options?: DexieOptions) {
    super(name, options);
    // Version 2: the client -> server id map and the item index; entries moved to format 2.
    defineV2(this);
    // Version 3: the maker of each entry, and the sender's index of one user's waiting entries in order (format 3).
    this.version(3).stores({ entries: '++seq, &id, scope, item, state, [state+seq], [state+userId+seq]' }).upgrade(upgradeAll);
  }
}
