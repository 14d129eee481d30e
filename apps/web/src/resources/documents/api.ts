import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../providers/trpc';

/** Selected bucket of the tree: a category id, or 'uncategorized'. */
export type Bucket = string;
export const UNCATEGORIZED = 'uncategorized';

/** After a write: every documents.* query (tree counts, lists, details, packages) reloads. */
export function useReloadDocuments() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.documents.pathKey() });
}
