import type { ItemStatus } from './itemStatus';

/** What one tab tells the others about the shared queue (docs/decisions.md, "Conflicting edits, several tabs…"). */
export type TabMessage =
  /** The entries changed (stored, sent, refused, dismissed): count again; the sender looks for work. */
  | { type: 'changed' }
  /** The sender's status of an item on screen ('Sending… 40%'), for every tab showing it. */
  | { type: 'item'; item: string; status: ItemStatus | null }
  /** An upload's progress, for the tab waiting on it. */
  | { type: 'progress'; id: string; fraction: number }
  /** The server's answer to an entry, for the tab that made it and waits on it. */
  | { type: 'answered'; id: string; answer: unknown }
  | { type: 'refused'; id: string; message: string; status: number | null }
  /** The sender's last try failed by the network (or got through again): new writes answer locally at once. */
  | { type: 'network'; down: boolean }
  /** The try failed by the network: the tab that made it answers its screen locally. */
  | { type: 'deferred'; id: string };

/**
 * How a queue shares one IndexedDB database with the app's other tabs: one tab at a time sends (the sender), every
 * tab stores its writes and shows the same counts and statuses.
 */
export interface TabLink {
  /** Calls `onSender` when this tab becomes the sender (at once where there is nothing to elect with). */
  elect(onSender: () => void): void;
  isSender(): boolean;
  post(message: TabMessage): void;
  listen(handler: (message: TabMessage) => void): void;
  close(): void;
}

/** One tab alone (tests, and a browser with neither Web Locks nor BroadcastChannel): always the sender. */
export const singleTab = (): TabLink => ({ elect: (f) => f(), isSender: () => true, post: () => undefined, listen: () => undefined, close: () => undefined });

/**
 * The browser's tabs: the sender holds a Web Lock (`navigator.locks`) for as long as it lives; the browser hands
 * it to a waiting tab when the holder closes (or crashes). Messages go over a BroadcastChannel. Without Web Locks
 * every tab sends, as before (the idempotency keys make a double send harmless); without BroadcastChannel a tab
 * learns of the others' changes when it counts again (its own writes, a reload).
 */
export function browserTabs(name: string, locks: Pick<LockManager, 'request'> | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined): TabLink {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
  const stop = new AbortController();
  let release: (() => void) | undefined;
  let sender = false;
  return {
    elect(onSender) {
      if (!locks?.request) {
        sender = true;
        onSender();
        return;
      }
      locks.request(`${name}:sender`, { signal: stop.signal }, () => {
        sender = true;
        onSender();
        return new Promise<void>((r) => (release = r));
      }).catch(() => undefined); // aborted at close
    },
    isSender: () => sender,
    post: (m) => channel?.postMessage(m),
    listen(handler) {
      if (channel) channel.onmessage = (e: MessageEvent<TabMessage>) => handler(e.data);
    },
    close() {
      sender = false;
      stop.abort();
      release?.();
      channel?.close();
    },
  };
}
