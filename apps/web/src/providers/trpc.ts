import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@insp/api';
import { getToken } from './token';
import { queryClient } from './queryClient';
import { cachedIn, offlineReadLink } from '../offline-available/link';

/** tRPC client for our API; every call carries the session token when there is one. */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    // Issue 23: the editors' reads answered from the device when the network fails (offline-available/link.ts).
    // Only a screen's first read of them (no data in the cache yet): a failed read again keeps what is shown.
    offlineReadLink(undefined, cachedIn(queryClient, (): unknown => trpc)),
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = getToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

/** Query and mutation options for @tanstack/react-query: useQuery(trpc.auth.session.queryOptions()). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
