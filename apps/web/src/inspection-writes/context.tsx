import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { directWrites } from './direct';
import type { InspectionWrites } from './types';

const WritesContext = createContext<InspectionWrites>(directWrites);

/**
 * Puts another implementation of the writes under a part of the tree: an offline queue later, a fake in
 * component tests. Without a provider, screens get `directWrites`.
 */
export function InspectionWritesProvider({ writes, children }: { writes: InspectionWrites; children: ReactNode }) {
  return <WritesContext.Provider value={writes}>{children}</WritesContext.Provider>;
}

/** The one way a screen writes an inspection (see types.ts). */
export const useInspectionWrites = () => useContext(WritesContext);

/** The writes of one item on screen (a point, a text field), whose status the offline queue shows by `item`. */
export function useItemWrites(item: string): InspectionWrites {
  const writes = useContext(WritesContext);
  return useMemo(() => writes.forItem?.(item) ?? writes, [writes, item]);
}
