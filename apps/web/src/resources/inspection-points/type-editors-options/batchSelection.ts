import type { TSimilarOption } from '@insp/contracts';

export const selectionKey = (s: Pick<TSimilarOption, 'dropdownId'> & { option: { id: string } }) => `${s.dropdownId}/${s.option.id}`;
export const isLockedSimilar = (s: TSimilarOption) => s.option.batchUpdateDetails?.status === 'pending';

/** 'Toggle all': selects every option that is not locked, or clears the selection when all of them already are. */
export function toggleAll(options: readonly TSimilarOption[], selected: ReadonlySet<string>): Set<string> {
  const free = options.filter((s) => !isLockedSimilar(s)).map(selectionKey);
  return free.every((k) => selected.has(k)) ? new Set() : new Set(free);
}

export const CLOSE_WARNING = 'Are you sure you want to close? You have selected options, you can save them from the bottom of the dialog.';
