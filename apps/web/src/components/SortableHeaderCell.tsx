import type { ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';

export interface ListSort<K extends string> {
  key: K;
  direction: 'asc' | 'desc';
}

/**
 * A list's column heading sorted by the server: `sortKey` makes it a sort label (a second click turns the direction),
 * none leaves the plain label. The Due view's and the actions list's tables.
 */
export function SortableHeaderCell<K extends string>({ label, sortKey, sort, onSort, sx }: {
  label: ReactNode;
  sortKey?: K;
  sort?: ListSort<K>;
  onSort?: (s: ListSort<K>) => void;
  sx?: SxProps<Theme>;
}) {
  const active = !!sort && sort.key === sortKey;
  return (
    <TableCell sx={sx} sortDirection={active ? sort!.direction : false}>
      {sortKey && sort && onSort ? (
        <TableSortLabel
          active={active}
          direction={active ? sort.direction : 'asc'}
          onClick={() => onSort({ key: sortKey, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
        >
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );
}
