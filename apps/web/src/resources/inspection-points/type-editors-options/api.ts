import { useQuery } from '@tanstack/react-query';
import type { TDropdownBatchUpdateCreate } from '@insp/contracts';
import { trpc, trpcClient } from '../../../providers/trpc';

/* The calls the option editors make (tRPC pointAuthoring.*, the same services as the 001 §7 REST paths). */

/** Predefined option groups (GET api/v1/inspectionPointOptionGroups?custom=false). */
export const usePredefinedGroups = () => useQuery({ ...trpc.pointAuthoring.optionGroups.queryOptions({ custom: false }), staleTime: 60_000 });

/** Existing dropdowns for the picker (GET api/v1/inspectionPoints/dropdowns), searched by title. */
export const useExistingDropdowns = (search: string, enabled: boolean) =>
  useQuery({ ...trpc.pointAuthoring.dropdowns.queryOptions({ search }), enabled, staleTime: 30_000 });

/** Product families with their models, for the 'by product model' metas of range values and choices. */
export const useFamilies = () => useQuery({ ...trpc.productFamilies.all.queryOptions(), staleTime: 5 * 60_000 });

/** Options like the current one in other dropdowns (GET api/v1/inspectionPoints/dropdownsWithSimilarOptions). */
export const similarOptionsQuery = (currentDropdownId: string, currentOptionId: string) => ({
  ...trpc.pointAuthoring.similarOptions.queryOptions({ currentDropdownId, currentOptionId }),
  retry: false,
});
export const similarOptionsFilter = () => trpc.pointAuthoring.similarOptions.pathFilter();

/** POST api/v1/inspectionPoints/dropdownOptions/batchUpdates: locks the selected options and queues the copy. */
export const startBatchUpdate = (input: TDropdownBatchUpdateCreate) => trpcClient.pointAuthoring.createBatchUpdate.mutate(input);

/** A batch update's state, asked again every second while it is pending (the worker applies it). */
export const useBatchUpdateStatus = (id: string | null) =>
  useQuery({
    ...trpc.pointAuthoring.batchUpdate.queryOptions({ id: id ?? '' }),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
  });
