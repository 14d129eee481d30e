import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { availableDb, type StoredItem } from './db';
import { getItem, listItems } from './store';

/** A Dexie live query as React state (Dexie's own change tracking; no polling). undefined until the first answer. */
function useLive<T>(query: () => Promise<T>, deps: unknown[]): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    const sub = liveQuery(query).subscribe({ next: setValue, error: (e: unknown) => console.error('offline store', e) });
    return () => sub.unsubscribe();
  }, deps);
  return value;
}

/** The stored copy of one inspection or audit; null when none, undefined while reading. */
export const useStoredItem = (key: string) => useLive(async () => (await getItem(availableDb(), key)) ?? null, [key]);

/** Everything on the device, newest first. */
export const useStoredItems = () => useLive<StoredItem[]>(() => listItems(availableDb()), []);
