import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@insp/api';
import { readKey } from './keys';

/** The editors' reads that 'Make available offline' stores (app-deps' fetchBundle names them the same way). */
export const STORED_READS = new Set([
  'inspectionEdit.editDetails',
  'inspectionEdit.previousValues',
  'actions.ofInspection',
  'inspectionEdit.emailChoices',
  'audits.get',
  'audits.previousValues',
]);

/** The device's copies: reading one, and replacing one that is stored (nothing otherwise). */
export interface DeviceReadsLike {
  read(key: string): Promise<unknown>;
  refresh(key: string, data: unknown): Promise<unknown>;
}

const appDeviceReads = () => import('./device-reads').then((m) => m.deviceReads);

/**
 * No answer from the server at all (offline, connection refused): fetch's TypeError under the client error. A
 * refusal (403, 404) has the server's error shape and is never answered from the device.
 */
export const isNetworkFailure = (e: unknown) => (e instanceof TRPCClientError ? !e.shape && !e.data : e instanceof TypeError);

/** Whether the screen already holds an answer of this read (its query has data in the cache). */
export type HasCachedData = (path: string, input: unknown) => boolean;

/**
 * `HasCachedData` over react-query's cache and the tRPC options proxy that names its keys (`trpc` in
 * providers/trpc.ts): the key is the one `queryOptions` gives the same read.
 */
export function cachedIn(queryClient: { getQueryData(key: readonly unknown[]): unknown }, proxy: () => unknown): HasCachedData {
  return (path, input) => {
    let target = proxy() as Record<string, unknown> | undefined;
    for (const part of path.split('.')) target = target?.[part] as Record<string, unknown> | undefined;
    const queryKey = (target as { queryKey?: (i: unknown) => readonly unknown[] } | undefined)?.queryKey;
    return queryKey !== undefined && queryClient.getQueryData(queryKey(input)) !== undefined;
  };
}

/**
 * The one place the editors read from the device (issue 23, "Available offline"): a tRPC link before the HTTP
 * link. For the stored reads, a network failure of the **first** read (the screen holds no answer of it yet: a
 * screen opened offline) is answered with the stored copy; a read again (a poll, Refresh, focus) that fails keeps
 * its failure, so the screen keeps what it shows (answers still waiting in the queue included) rather than being
 * reset to the stored server copy. A server answer replaces the stored copy of something made available offline
 * (nothing is stored for anything else). Every other procedure, and every mutation, passes untouched (writes go
 * through the offline write queue).
 */
export function offlineReadLink(store: () => Promise<DeviceReadsLike> = appDeviceReads, hasCachedData: HasCachedData = () => false): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) => {
      if (op.type !== 'query' || !STORED_READS.has(op.path)) return next(op);
      const key = readKey(op.path, op.input);
      // Asked when the read starts: an answer arriving meanwhile (a write's setQueryData) does not count.
      const firstRead = !hasCachedData(op.path, op.input);
      return observable((observer) => {
        const sub = next(op).subscribe({
          next(value) {
            const data = (value.result as { data?: unknown }).data;
            void store().then((s) => s.refresh(key, data)).catch(() => undefined);
            observer.next(value);
          },
          error(err) {
            if (!firstRead || !isNetworkFailure(err)) return observer.error(err);
            store()
              .then((s) => s.read(key))
              .then((data) => {
                if (data === undefined) return observer.error(err);
                observer.next({ result: { type: 'data', data }, context: { fromDevice: true } });
                observer.complete();
              })
              .catch(() => observer.error(err));
          },
          complete() {
            observer.complete();
          },
        });
        return () => sub.unsubscribe();
      });
    };
}
