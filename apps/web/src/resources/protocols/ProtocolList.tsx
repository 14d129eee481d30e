import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TProtocolListItem, TProtocolListQuery, TProtocolTarget } from '@insp/contracts';
import { formatDate } from '../../lib/dates';
import { shownMessage } from '../../lib/errors';
import { useFamilies } from '../inspection-points/refs';
import { protocolsApi } from './api';
import { PR } from './texts';
import { touchSortSx } from './touch';
import { useProtocolTypes } from './useProtocolTypes';
import { useDebounced } from '../../components/useDebounced';

export const PAGE_SIZE = 50;
type OrderKey = 'name' | 'created' | 'type';


export const targetLabel = (t: TProtocolTarget) =>
  [t.productFamilyName, t.productModelName, t.equipmentSerial].filter(Boolean).join(' ') || PR.anyProduct;

/** 001 §9: up to three targets, then 'and N others'. */
export function targetsText(targets: TProtocolTarget[], count: number) {
  const shown = targets.slice(0, 3).map(targetLabel).join(', ');
  return count > 3 ? `${shown} ${PR.andOthers(count - 3)}` : shown;
}

/** The list tab (001 §2): search, type and product filters, a table sorted by name, created or type, pages of 50. */
export function ProtocolList({ onOpen }: { onOpen: (row: TProtocolListItem) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 200);
  const [types, setTypes] = useState<string[]>([]);
  const [family, setFamily] = useState('');
  const [model, setModel] = useState('');
  const [order, setOrder] = useState<{ key: OrderKey; dir: 'asc' | 'desc' }>({ key: 'created', dir: 'desc' });
  const [offset, setOffset] = useState(0);
  // 001 §4: a new search (or filter, or sort) starts again at offset 0.
  useEffect(() => setOffset(0), [debounced, types, family, model, order]);
  const typeOptions = useProtocolTypes();
  const families = useFamilies();
  const models = (families.data ?? []).find((f) => f.id === family)?.productModels ?? [];
  const typeName = (t: string) => typeOptions.data?.find((o) => o.type === t)?.name ?? t.replace(/_/g, ' ');

  const query: Partial<TProtocolListQuery> = {
    search: debounced, offset, amount: PAGE_SIZE, orderKey: order.key, orderDirection: order.dir,
    ...(types.length ? { types: types as TProtocolListQuery['types'] } : {}), ...(family ? { productFamilyId: family } : {}), ...(model ? { productModelId: model } : {}),
  };
  const list = useQuery({ queryKey: ['protocols.list', query], queryFn: () => protocolsApi.list(query), placeholderData: keepPreviousData });
  const rows = list.data?.result ?? [];
  const count = list.data?.count ?? 0;

  const sortBy = (key: OrderKey) =>
    setOrder((o) => ({ key, dir: o.key === key ? (o.dir === 'asc' ? 'desc' : 'asc') : key === 'created' ? 'desc' : 'asc' }));
  const head = (key: OrderKey, label: string) => (
    <TableCell sortDirection={order.key === key ? order.dir : false}>
      <TableSortLabel sx={touchSortSx} active={order.key === key} direction={order.key === key ? order.dir : 'asc'} onClick={() => sortBy(key)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr', md: 'minmax(240px, 2fr) 1fr 1fr 1fr' } }}>
        <TextField size="small" type="search" label={PR.search} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }} />
        <TextField
          select size="small" label={PR.types} value={types}
          slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).map(typeName).join(', ') } }}
          onChange={(e) => setTypes(e.target.value as unknown as string[])}
        >
          {(typeOptions.data ?? []).map((t) => (
            <MenuItem key={t.type} value={t.type}>
              <Checkbox size="small" checked={types.includes(t.type)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={t.name} />
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={PR.family} value={family} onChange={(e) => { setFamily(e.target.value); setModel(''); }}>
          <MenuItem value="">{PR.any}</MenuItem>
          {(families.data ?? []).map((f) => <MenuItem key={f.id} value={f.id}>{f.familyName}</MenuItem>)}
        </TextField>
        <TextField select size="small" label={PR.model} value={model} disabled={!family} onChange={(e) => setModel(e.target.value)}>
          <MenuItem value="">{PR.any}</MenuItem>
          {models.map((m) => <MenuItem key={m.id} value={m.id}>{m.name}</MenuItem>)}
        </TextField>
      </Box>
      {list.error ? <Alert severity="error">{shownMessage(list.error)}</Alert> : null}
      <Table size="small" aria-label={PR.tabList} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, md: 1.5 } } }}>
        <TableHead>
          <TableRow>
            {head('name', 'Name')}
            {head('created', 'Created')}
            {head('type', 'Type')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover tabIndex={0} sx={{ cursor: 'pointer', height: 52 }} onClick={() => onOpen(r)} onKeyDown={(e) => e.key === 'Enter' && onOpen(r)}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {r.name}
                  {r.draft ? <Chip component="span" size="small" variant="outlined" label={PR.draft} title={PR.draftNote} sx={{ ml: 1 }} /> : null}
                </Typography>
                <Typography variant="caption" color="text.secondary">{targetsText(r.targets, r.targetCount) || PR.anyProduct}</Typography>
              </TableCell>
              <TableCell>{formatDate(r.created)}</TableCell>
              <TableCell>{typeName(r.type)}</TableCell>
            </TableRow>
          ))}
          {!list.isPending && !rows.length ? (
            <TableRow><TableCell colSpan={3}>{PR.noProtocols}</TableCell></TableRow>
          ) : null}
        </TableBody>
      </Table>
      <TablePagination
        component="div" count={count} page={Math.floor(offset / PAGE_SIZE)} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_, page) => setOffset(page * PAGE_SIZE)}
        labelDisplayedRows={({ from, to, count: n }) => `${from}–${to} of ${n} protocols`}
      />
    </Box>
  );
}
