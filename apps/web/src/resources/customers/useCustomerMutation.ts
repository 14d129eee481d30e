import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../providers/trpc';

/** Runs a change, then reloads every customer query (details, list, compare) so no screen shows stale rows. */
export function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async <T,>(change: () => Promise<T>): Promise<T> => {
    const result = await change();
    await queryClient.invalidateQueries({ queryKey: trpc.customers.pathKey() });
    // react-admin's own cache of the Customers list
    await queryClient.invalidateQueries({ queryKey: ['Customers'] });
    return result;
  };
}
