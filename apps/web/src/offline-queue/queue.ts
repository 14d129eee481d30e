import { newRequestKey } from '../lib/requestKey';
import { backoffDelay, classify, DEFAULT_BACKOFF, failsOnServer, SERVER_FAILURE_LIMIT, type BackoffOptions } from './backoff';
import { FORMAT_VERSION, QueueDb, type QueueEntry } from './db';
import { resolveIds, withKey } from './clientIds';
import { defaultPersist, safeLocal } from './storage';
import type { ItemStatus } from './itemStatus';
import { singleTab, type TabLink, type TabMessage } from './tabs';
import { QUEUE_TEXT } from './texts';
import { KeptForLaterError, RefusedError } from './errors';
import type { UploadKind } from '../inspection-writes/resumableUpload';
import { resumeOf, type UploadResume } from './uploadResume';
import { claimUnowned, countWaiting, waitingOf, type OthersWaiting, type QueueUser } from './owners';

export type { UploadResume };
export { KeptForLaterError, RefusedError };

/** How entries reach the server; the app's sends tRPC and tus uploads (transport.ts), tests a fake. */
export interface Transport {
  mutate(procedure: string, input: unknown): Promise<unknown>;
  upload(file: Blob, fileName: string, idempotencyKey: string, onProgress: (fraction: number) => void, resume?: UploadResume): Promise<{ id: string }>;
  /** The HTTP status of a failed send, null when the server was not reached (fetch's TypeError, XHR's error). */
  statusOf(error: unknown): number | null;
  messageOf(error: unknown): string;
}

export type { ItemStatus } from './itemStatus';

export interface NewEntry {
  scope: string;
  item?: string | null;
  kind: 'trpc' | 'upload';
  procedure?: string;
  input?: unknown;
  file?: Blob;
  fileName?: string;
  /** What an upload becomes on the server (default image: entries made before voice comments were queued). */
  uploadKind?: UploadKind;
  createsId?: boolean;
  /** The upload's progress for the screen that made it (this page only; not stored). */
  onProgress?(fraction: number): void;
}

export type { QueueUser, OthersWaiting };

export interface QueueOptions {
  transport: Transport;
  /**
   * The user whose session the requests carry now, asked before every send (null: nobody, nothing is sent). The
   * app's reads the token-bound record of signedIn.ts, so a tab still showing someone else sends nothing wrong.
   */
  user: () => QueueUser | null;
  db?: QueueDb;
  backoff?: BackoffOptions;
  now?: () => number;
  isOnline?: () => boolean;
  /** Asked once, the first time something is queued; false means the browser may evict the queue. */
  persist?: () => Promise<boolean>;
  /** The app's other tabs: one sends, all show the same (tabs.ts); alone by default. */
  tabs?: TabLink;
}

interface Waiter {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  local?: () => unknown;
  onProgress?(fraction: number): void;
  settled: boolean;
}

/**
 * The offline write queue (issue 23): every write is stored in IndexedDB first, then sent one at a time in the
 * order made, each with its client-made id as idempotency key. Network failures retry with backoff and resume on
 * `online`, on the tab becoming visible and on start (a reload); a refused write (4xx) stops, stays listed with
 * the server's message and does not hold the writes after it. Ids made on the device (photos, created results)
 * are replaced by the server's ids before a later write naming them is sent.
 */
export class WriteQueue {
  readonly db: QueueDb;
  private readonly t: Transport;
  private readonly backoff: BackoffOptions;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  private readonly persist: () => Promise<boolean>;
  private readonly tabs: TabLink;
  private readonly user: () => QueueUser | null;
  /** The last user seen signed in: a write made while the session just ended is still theirs. */
  private lastUser: QueueUser | null = null;
  private others: OthersWaiting[] = [];
  private readonly waiters = new Map<string, Waiter>();
  private readonly items = new Map<string, ItemStatus>();
  private readonly listeners = new Set<() => void>();
  private waitingCount = 0;
  /** Moves whenever the refused entries may have changed: their list is read again only then (useRefused.ts). */
  private refusedRev = 0;
  private refusedCount = 0;
  private storageWarning = false;
  private askedPersist = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** The last try failed by the network and nothing got through since: new writes answer locally at once. */
  private networkDown = false;
  private readonly wake = () => this.resume();
  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.resume();
  };

  constructor(o: QueueOptions) {
    this.t = o.transport;
    this.db = o.db ?? new QueueDb();
    this.backoff = o.backoff ?? DEFAULT_BACKOFF;
    this.now = o.now ?? Date.now;
    this.isOnline = o.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.persist = o.persist ?? defaultPersist;
    this.tabs = o.tabs ?? singleTab();
    this.user = o.user;
  }

  /** The signed-in user, remembered as the last one seen. */
  private signedIn(): QueueUser | null {
    const u = this.user();
    if (u) this.lastUser = u;
    return u;
  }

  /**
   * Someone signed in (or out) in this tab: entries without a maker (format 2, docs/decisions.md) become theirs, the
   * counts follow the new user, every tab hears it, and their entries go.
   */
  async userChanged(): Promise<void> {
    await this.claimUnowned();
    this.refusedRev++; // the refused list is the signed-in user's
    await this.recount();
    this.tabs.post({ type: 'changed' });
    this.resume();
  }

  private async claimUnowned() {
    const u = this.signedIn();
    if (u) await claimUnowned(this.db, u);
  }

  /** Loads what waits from an earlier page, listens for the network and the tab, and starts sending. */
  async start(): Promise<void> {
    this.stopped = false;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.wake);
      document.addEventListener('visibilitychange', this.onVisible);
    }
    const all = await this.db.entries.orderBy('seq').toArray();
    for (const e of all) if (e.item) this.items.set(e.item, e.state === 'refused' ? { state: 'refused', message: e.error ?? '' } : { state: 'device' });
    await this.claimUnowned();
    await this.recount();
    this.tabs.listen((m) => this.onTab(m));
    // Only the elected tab sends; the others store, show, and hear the answers to their own writes.
    this.tabs.elect(() => this.resume());
  }

  stop(): void {
    this.stopped = true;
    this.tabs.close();
    clearTimeout(this.timer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.wake);
      document.removeEventListener('visibilitychange', this.onVisible);
    }
  }

  /** Sends now whatever waits, without waiting for the backoff (the network or the tab is back). */
  resume(): void {
    void this.db.entries.where('state').equals('waiting').modify({ nextTryAt: 0 }).catch(() => undefined)
      .finally(() => this.kick());
  }

  /**
   * Stores a write and answers it: with the server's answer once sent; when the device is offline or the first
   * try fails by the network, with `local(clientId)` at once (a local equivalent), or a KeptForLaterError when
   * there is none. A refused write rejects with a RefusedError.
   */
  async enqueue<T>(n: NewEntry, local?: (clientId: string) => T): Promise<T> {
    // A v4 UUID as crypto.randomUUID() makes, but also over plain http on a local network, where randomUUID is
    // missing (not a secure context): lib/requestKey.ts, as the point editor's keys (issue 19).
    const id = newRequestKey();
    // The maker: whoever is signed in, or, if the session has just ended, who was (nobody known: the next sign-in).
    const maker = this.signedIn() ?? this.lastUser;
    const entry: QueueEntry = {
      id, formatVersion: FORMAT_VERSION, ...(maker ? { userId: maker.id, userName: maker.name } : {}), scope: n.scope, item: n.item ?? null, kind: n.kind,
      ...(n.procedure !== undefined ? { procedure: n.procedure } : {}),
      ...(n.input !== undefined ? { input: n.input } : {}),
      ...(n.file ? { file: n.file, fileName: n.fileName ?? 'file' } : {}),
      ...(n.uploadKind ? { uploadKind: n.uploadKind } : {}),
      createsId: n.createsId ?? n.kind === 'upload', state: 'waiting', attempts: 0, nextTryAt: 0, createdAt: this.now(),
    };
    const answer = new Promise<T>((resolve, reject) => {
      this.waiters.set(id, { resolve: resolve as (v: unknown) => void, reject, ...(local ? { local: () => local(id) } : {}), ...(n.onProgress ? { onProgress: n.onProgress } : {}), settled: false });
    });
    await this.db.entries.add(entry);
    if (entry.item) this.setItem(entry.item, { state: 'device' });
    this.waitingCount++;
    this.emit();
    this.tabs.post({ type: 'changed' });
    this.askPersistOnce();
    // Behind an entry waiting on its backoff this write would wait as long: the screen gets the local answer now.
    if (!this.isOnline() || this.networkDown) this.settleLocally(id);
    this.kick();
    return answer;
  }

  /** Entries stored and not yet answered by the server, of every user (refused ones are not waiting). */
  async pendingCount(): Promise<number> {
    return this.db.entries.where('state').equals('waiting').count();
  }

  /**
   * Entries the signed-in user's session sends (their own, and any naming no maker: the next sign-in's): what the
   * app-update prompt waits for. Other users' entries cannot be sent before they sign in, and the update keeps them
   * (every older schema stays declared, `upgradeEntry`), so they hold no update.
   */
  async sendableCount(): Promise<number> {
    const u = this.signedIn();
    const unowned = await this.db.entries.where('state').equals('waiting').filter((e) => e.userId === undefined).count();
    if (!u) return unowned;
    return unowned + await waitingOf(this.db, u.id).count();
  }

  /** The signed-in user's refused entries (and those naming no maker), oldest first, with the server's message. */
  refused(): Promise<QueueEntry[]> {
    const me = this.signedIn() ?? this.lastUser;
    return this.db.entries.where('state').equals('refused').filter((e) => e.userId === undefined || e.userId === me?.id).sortBy('seq');
  }

  /** The user has read a refusal: it leaves the list. */
  async dismiss(id: string): Promise<void> {
    const e = await this.db.entries.get({ id });
    if (e?.state !== 'refused') return;
    await this.db.entries.delete(e.seq!);
    if (e.item && this.items.get(e.item)?.state === 'refused') this.items.delete(e.item);
    this.refusedChanged(-1);
    this.emit();
    this.tabs.post({ type: 'changed' });
  }

  // --- what the screens read (useSyncExternalStore) ---
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  itemStatus = (item: string): ItemStatus | undefined => this.items.get(item);
  /** The signed-in user's changes waiting to be sent. */
  waiting = () => this.waitingCount;
  /** Other users' changes waiting until they sign in again, by user (the same array until it changes). */
  othersWaiting = () => this.others;
  refusedRevision = () => this.refusedRev;
  storageMayBeCleared = () => this.storageWarning;
  dismissStorageWarning = () => {
    this.storageWarning = false;
    this.emit();
  };

  /** Resolves when nothing is being sent (tests, and the unload check). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private emit() {
    for (const l of this.listeners) l();
  }

  private setItem(item: string, s: ItemStatus) {
    this.items.set(item, s);
    this.emit();
    this.tabs.post({ type: 'item', item, status: s });
  }

  /** What the other tabs say: the sender's statuses and answers, anyone's new or removed entries. */
  private onTab(m: TabMessage) {
    const w = 'id' in m ? this.waiters.get(m.id) : undefined;
    const settle = (f: (w: Waiter) => void) => {
      if (!w) return;
      this.waiters.delete((m as { id: string }).id);
      if (w.settled) return;
      w.settled = true;
      f(w);
    };
    switch (m.type) {
      case 'changed': void this.recount().then(() => this.kick()); return;
      case 'item':
        if (m.status) this.items.set(m.item, m.status);
        else this.items.delete(m.item);
        return this.emit();
      case 'network':
        this.networkDown = m.down;
        if (m.down) this.settleAllLocally();
        return;
      case 'progress': return void (w && !w.settled && w.onProgress?.(m.fraction));
      case 'answered': return settle((x) => x.resolve(m.answer));
      case 'refused': return settle((x) => x.reject(new RefusedError(m.message, m.status)));
      case 'deferred': return this.settleLocally(m.id);
    }
  }

  private refusedChanged(by: number) {
    this.refusedCount = Math.max(0, this.refusedCount + by);
    this.refusedRev++;
  }

  private async recount() {
    const me = this.signedIn() ?? this.lastUser;
    const { own, others: next } = await countWaiting(this.db, me);
    this.waitingCount = own;
    if (JSON.stringify(next) !== JSON.stringify(this.others)) this.others = next;
    // Another tab's refusal or dismissal comes as 'changed': its count tells whether the list moved.
    const refused = await this.db.entries.where('state').equals('refused').count();
    if (refused !== this.refusedCount) this.refusedRev++;
    this.refusedCount = refused;
    this.emit();
  }

  private askPersistOnce() {
    if (this.askedPersist) return;
    this.askedPersist = true;
    void this.persist().then((granted) => {
      if (granted) return;
      if (safeLocal('get')) return; // told once, ever, on this device
      safeLocal('set');
      this.storageWarning = true;
      this.emit();
    }).catch(() => undefined);
  }

  private settleAllLocally() {
    for (const id of this.waiters.keys()) this.settleLocally(id);
  }

  private settleLocally(id: string) {
    const w = this.waiters.get(id);
    if (!w || w.settled) return;
    w.settled = true;
    if (w.local) w.resolve(w.local());
    else w.reject(new KeptForLaterError());
  }

  private kick() {
    if (this.stopped || !this.tabs.isSender()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Sends waiting entries in order, one at a time, until one must wait for the network. */
  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    for (;;) {
      // The browser knows it is offline: wait for 'online' rather than spend the battery on tries that fail.
      if (this.stopped || !this.isOnline()) return;
      // Only the signed-in user's entries, under their sign-in: another user's wait (kept, counted) until they sign in.
      const me = this.signedIn();
      if (!me) return;
      const next = await waitingOf(this.db, me.id).first();
      if (!next) return;
      const wait = next.nextTryAt - this.now();
      if (wait > 0) {
        this.timer = setTimeout(() => this.kick(), wait);
        return;
      }
      if (!(await this.send(next))) return;
    }
  }

  /** One try of one entry; false when the network failed (the queue waits). */
  private async send(e: QueueEntry): Promise<boolean> {
    const named = await resolveIds(this.db, e.input);
    if ('refused' in named) {
      await this.refuse(e, QUEUE_TEXT.dependsOnRefused(named.refused), null);
      return true;
    }
    // Asked again at the last moment: a sign-out or another sign-in (any tab) while the ids were read stops the line.
    if (this.signedIn()?.id !== e.userId) return false;
    if (e.item) this.setItem(e.item, { state: 'sending' });
    try {
      const answer = e.kind === 'upload'
        ? await this.t.upload(e.file!, e.fileName ?? 'file', e.id, (p) => {
          if (e.item) this.setItem(e.item, { state: 'sending', progress: p });
          const w = this.waiters.get(e.id);
          if (w && !w.settled) w.onProgress?.(p);
          else this.tabs.post({ type: 'progress', id: e.id, fraction: p });
        }, resumeOf(this.db, e))
        : await this.t.mutate(e.procedure!, withKey(named.input, e.id));
      let cleared = 0;
      await this.db.transaction('rw', this.db.entries, this.db.ids, async () => {
        await this.db.entries.delete(e.seq!);
        const serverId = (answer as { id?: unknown } | null)?.id;
        if (e.createsId && typeof serverId === 'string') await this.db.ids.put({ clientId: e.id, serverId });
        // A refusal of the same item is over once a later write of it was saved.
        if (e.item) cleared = await this.db.entries.where('item').equals(e.item).and((x) => x.state === 'refused' && x.seq! < e.seq!).delete();
      });
      if (cleared) this.refusedChanged(-cleared);
      if (this.networkDown) this.tabs.post({ type: 'network', down: false });
      this.networkDown = false;
      this.waitingCount = Math.max(0, this.waitingCount - 1);
      this.tabs.post({ type: 'changed' });
      if (e.item && !(await this.hasWaiting(e.item))) this.setItem(e.item, { state: 'saved' });
      else this.emit();
      const w = this.waiters.get(e.id);
      this.waiters.delete(e.id);
      if (w && !w.settled) w.resolve(answer);
      else if (!w) this.tabs.post({ type: 'answered', id: e.id, answer }); // made in another tab
      return true;
    } catch (err) {
      const status = this.t.statusOf(err);
      if (classify(status) === 'refused') {
        await this.refuse(e, this.t.messageOf(err), status, err);
        return true;
      }
      // A change the server always fails on would hold the whole line: refused after a few tries, listed as such.
      const serverFailures = (e.serverFailures ?? 0) + (failsOnServer(status) ? 1 : 0);
      if (serverFailures >= SERVER_FAILURE_LIMIT) {
        await this.refuse(e, QUEUE_TEXT.serverKeepsFailing(this.t.messageOf(err)), status);
        return true;
      }
      // Every failure is told (a tab opened since the first one learns it too), and every write waiting for an answer
      // in this tab gets its local one now: queued behind this entry, it would wait out the backoff.
      this.tabs.post({ type: 'network', down: true });
      this.networkDown = true;
      this.settleAllLocally();
      const attempts = e.attempts + 1;
      const wait = backoffDelay(attempts, this.backoff);
      await this.db.entries.update(e.seq!, { attempts, serverFailures, nextTryAt: this.now() + wait, error: this.t.messageOf(err), status });
      if (e.item) this.setItem(e.item, { state: 'device' });
      if (this.waiters.has(e.id)) this.settleLocally(e.id);
      else this.tabs.post({ type: 'deferred', id: e.id });
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.kick(), wait);
      return false;
    }
  }

  private async hasWaiting(item: string) {
    return (await this.db.entries.where('item').equals(item).and((x) => x.state === 'waiting').count()) > 0;
  }

  /** `cause`: the server's error, given to the screen waiting for this write as a direct write would give it. */
  private async refuse(e: QueueEntry, message: string, status: number | null, cause?: unknown) {
    // Another sender (a second tab without Web Locks) may have sent it meanwhile: its id map is not overwritten.
    const stillWaiting = await this.db.transaction('rw', this.db.entries, this.db.ids, async () => {
      if ((await this.db.entries.get(e.seq!))?.state !== 'waiting') return false;
      await this.db.entries.update(e.seq!, { state: 'refused', error: message, status });
      if (e.createsId) await this.db.ids.put({ clientId: e.id, serverId: null, refused: message });
      return true;
    });
    if (!stillWaiting) return;
    this.waitingCount = Math.max(0, this.waitingCount - 1);
    this.refusedChanged(1);
    if (e.item) this.setItem(e.item, { state: 'refused', message });
    else this.emit();
    this.tabs.post({ type: 'changed' });
    const w = this.waiters.get(e.id);
    this.waiters.delete(e.id);
    if (w && !w.settled) w.reject(cause ?? new RefusedError(message, status));
    else if (!w) this.tabs.post({ type: 'refused', id: e.id, message, status });
  }
}

