import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../../components/VisuallyHidden';

export interface Column<T> {
  label: string;
  value: (row: T) => ReactNode;
}

/** A small read-only table of a customer's sites, contacts or equipment, with the spec's empty text. */
export function SimpleTable<T extends { id: string }>({
  label,
  columns,
  rows,
  empty,
  actions,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
  actions?: (row: T) => ReactNode;
}) {
  if (!rows.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.label}>{c.label}</TableCell>
          ))}
          {actions && (
            <TableCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((c) => (
              <TableCell key={c.label}>{c.value(row) ?? ''}</TableCell>
            ))}
            {actions && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {actions(row)}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
