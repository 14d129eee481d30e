import { useQuery } from '@tanstack/react-query';
import { refApi, type TNamed } from './api';

/** Reference data of the editors, cached for the session of the screen (it rarely changes). */
const long = { staleTime: 5 * 60_000, retry: 1 } as const;

export const useCategories = () => useQuery({ queryKey: ['pointRefs', 'categories'], queryFn: refApi.categories, ...long });
export const useFamilies = () => useQuery({ queryKey: ['pointRefs', 'families'], queryFn: refApi.families, ...long });
export const useUnits = () => useQuery({ queryKey: ['pointRefs', 'units'], queryFn: refApi.units, ...long });
export const useLanguages = () => useQuery({ queryKey: ['pointRefs', 'languages'], queryFn: refApi.languages, ...long });
export const useUseCases = () =>
  useQuery({
    queryKey: ['pointRefs', 'useCases'],
    // use case types may come as names or {id, name}: the editor needs a value and a label
    queryFn: async (): Promise<TNamed[]> => (await refApi.useCases()).map((u) => (typeof u === 'string' ? { id: u, name: u.replace(/_/g, ' ') } : u)),
    ...long,
  });
export const useEquipment = (modelIds: string[]) =>
  useQuery({ queryKey: ['pointRefs', 'equipment', [...modelIds].sort().join()], queryFn: () => refApi.equipmentByModels(modelIds), enabled: modelIds.length > 0, ...long });
