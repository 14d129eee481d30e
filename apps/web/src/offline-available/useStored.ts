import { useEffect, useState } from 'react';
import type { StoredItem } from './db';
import { getItem, listItems, subscribeStore } from './store';

// The store's database (Dexie) is fetched with the first read, not with the editor's screen (issue 23).
const availableDb = () => import('./db').then((m) => m.availableDb());

/**
 * A read of the store as React state, read again after each change this page makes (subscribeStore). Dexie's
 * liveQuery would also see other tabs' changes, but it never answered under the component tests (jsdom with
 * fake-indexeddb); a list that is one tab behind until it is opened again is no loss here.
 */
function useStoreRead<T>(read: () => Promise<T>, key: string): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    const load = () => void read().then((v) => live && setValue(v), (e: unknown) => console.error('offline store', e));
    load();
    const unsubscribe = subscribeStore(load);
    return () => {
      live = false;
      unsubscribe();
    };
    // read is a new function each render; key names what it reads.
  }, [key]);
  return value;
}

/** The stored copy of one inspection or audit; null when none, undefined while reading. */
export const useStoredItem = (key: string) => useStoreRead(async () => (await getItem(await availableDb(), key)) ?? null, key);

/** Everything on the device, newest first. */
export const useStoredItems = () => useStoreRead<StoredItem[]>(async () => listItems(await availableDb()), 'all');
