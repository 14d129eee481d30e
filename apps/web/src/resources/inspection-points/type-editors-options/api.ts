import { useQuery } from '@tanstack/react-query';
import type {
  TDropdownBatchUpdate,
  TDropdownBatchUpdateCreate,
  TDropdownGroup,
  TOptionGroupRead,
  TProductFamilyWithModels,
  TSimilarOption,
} from '@insp/contracts';
import { trpc, trpcClient } from '../../../providers/trpc';

/*
 * The calls the option editors make, in one place. TEMPORARY: the pointAuthoring procedures are being written
 * in parallel; until they land this reaches them untyped by name, and switches to the typed proxy after.
 */
type Untyped = Record<string, Record<string, { query(i?: unknown): Promise<unknown>; mutate(i?: unknown): Promise<unknown> }>>;
const untyped = trpcClient as unknown as Untyped;
const q = <T,>(path: string, input?: unknown) => untyped.pointAuthoring![path]!.query(input) as Promise<T>;
const m = <T,>(path: string, input?: unknown) => untyped.pointAuthoring![path]!.mutate(input) as Promise<T>;

/** Predefined option groups (GET api/v1/inspectionPointOptionGroups?custom=false). */
export const usePredefinedGroups = () =>
  useQuery({ queryKey: ['pointAuthoring', 'optionGroups', false], queryFn: () => q<TOptionGroupRead[]>('optionGroups', { custom: false }), staleTime: 60_000 });

/** Existing dropdowns for the picker (GET api/v1/inspectionPoints/dropdowns), searched by title. */
export const useExistingDropdowns = (search: string, enabled: boolean) =>
  useQuery({ queryKey: ['pointAuthoring', 'dropdowns', search], queryFn: () => q<TDropdownGroup[]>('dropdowns', { search }), enabled, staleTime: 30_000 });

/** Product families with their models, for the 'by product model' metas of range values and choices. */
export const useFamilies = () => useQuery({ ...trpc.productFamilies.all.queryOptions(), staleTime: 5 * 60_000 }) as { data?: TProductFamilyWithModels[] };

/** Options like the current one in other dropdowns (GET api/v1/inspectionPoints/dropdownsWithSimilarOptions). */
export const similarOptionsQuery = (currentDropdownId: string, currentOptionId: string) => ({
  queryKey: ['pointAuthoring', 'similarOptions', currentDropdownId, currentOptionId],
  queryFn: () => q<TSimilarOption[]>('similarOptions', { currentDropdownId, currentOptionId }),
  retry: false,
});

export const startBatchUpdate = (input: TDropdownBatchUpdateCreate) => m<TDropdownBatchUpdate>('batchUpdate', input);
