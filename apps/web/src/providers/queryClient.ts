import { QueryClient } from '@tanstack/react-query';

/** One cache for the public pages, the session and react-admin (passed to <Admin queryClient>). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst (issue 23): a read is tried once though the browser says it is offline, so the editors' reads can be
    // answered from the device (offline-available/link.ts); retries still wait for the network.
    queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000, networkMode: 'offlineFirst' },
    mutations: { retry: false },
  },
});
