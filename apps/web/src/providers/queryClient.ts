import { QueryClient } from '@tanstack/react-query';

/** One cache for the public pages, the session and react-admin (passed to <Admin queryClient>). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
