import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import { pointTypeName, type TInspectionPointListItem, type TInspectionPointListQuery } from '@insp/contracts';
import { shownMessage } from '../../lib/errors';
import { pointsApi } from './api';
import { PointRow } from './PointRow';
import { NO_PICKS, PointListFilters, type PointListPicks } from './PointListFilters';
import { PT } from './texts';
import { useDebounced } from '../../components/useDebounced';

/** What the list is being used for (protocol creation): the checkboxes apply these parts. */
export interface PointListContext {
  type?: string | null;
  productFamilyIds?: string[];
  productModelIds?: string[];
  equipmentIds?: string[];
  /** The only point types the protocol type takes (001 §5, Equipment configurator: Measurement); always applied. */
  pointTypes?: readonly string[] | null;
}

export interface PointListProps {
  onSelect?: (point: TInspectionPointListItem) => void;
  /** Double click (001 §2: adds the point to the category in protocol creation). */
  onAdd?: (point: TInspectionPointListItem) => void;
  selectedId?: string | null;
  context?: PointListContext;
  /** Height of the scrolling list in px. */
  height?: number;
  /** Also filter by point type and product category (issue 19, the authoring screen); off by default. */
  typeAndCategoryFilters?: boolean;
}

const PAGE = 200;
const ROW = 64;
const OVERSCAN = 6;


/**
 * The filterable point list (001 §2 'Point list'), sorted by name. It pages through inspectionPoints.list as the
 * user scrolls and renders only the rows in view (fixed 64 px rows, windowed by hand: no extra dependency, and a
 * fixed height makes the window a division), so 5,000 points cost the DOM about twenty rows.
 */
export function PointList({ onSelect, onAdd, selectedId, context, height = 520, typeAndCategoryFilters = false }: PointListProps) {
  const [search, setSearch] = useState('');
  const [picks, setPicks] = useState<PointListPicks>(NO_PICKS);
  const filtered = !!(search || picks.pointType || picks.productCategoryId);
  const debounced = useDebounced(search, 200);
  const [on, setOn] = useState({ type: false, family: false, model: false, serial: false });
  // spec 001 §2: family, model and serial number are disabled unless the product filter is on.
  const productOn = !!context?.productFamilyIds?.length;
  const enabled = { type: !!context?.type, family: productOn, model: productOn && !!context?.productModelIds?.length, serial: productOn && !!context?.equipmentIds?.length };
  const query: TInspectionPointListQuery = useMemo(
    () => ({
      search: debounced,
      amount: PAGE,
      ...(on.type && enabled.type ? { type: context!.type! } : {}),
      ...(on.family && enabled.family ? { productFamilyIds: context!.productFamilyIds!.join(',') } : {}),
      ...(on.model && enabled.model ? { productModelIds: context!.productModelIds!.join(',') } : {}),
      ...(on.serial && enabled.serial ? { equipmentIds: context!.equipmentIds!.join(',') } : {}),
      // a picked type is one of context.pointTypes when those are set (the picker offers no other)
      ...(picks.pointType ? { pointTypes: picks.pointType } : context?.pointTypes?.length ? { pointTypes: context.pointTypes.join(',') } : {}),
      ...(picks.productCategoryId ? { productCategoryId: picks.productCategoryId } : {}),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [debounced, on, picks, context?.type, context?.productFamilyIds?.join(), context?.productModelIds?.join(), context?.equipmentIds?.join(), context?.pointTypes?.join()],
  );
  const list = useInfiniteQuery({
    queryKey: ['inspectionPoints.list', query],
    queryFn: ({ pageParam }) => pointsApi.list({ ...query, offset: pageParam }),
    initialPageParam: 0,
    // the old list stays while a new search loads: no flash of an empty list on each keystroke
    placeholderData: keepPreviousData,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.result.length, 0);
      return loaded < last.count && last.result.length > 0 ? loaded : undefined;
    },
  });
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.result) ?? [], [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;

  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
    setScrollTop(0);
  }, [query]);
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  useEffect(() => {
    if (last >= items.length - OVERSCAN && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [last, items.length, list]);

  const box = (key: keyof typeof on, label: string) => (
    <FormControlLabel
      key={key}
      label={label}
      disabled={!enabled[key]}
      control={<Checkbox size="small" checked={on[key] && enabled[key]} onChange={(e) => setOn((o) => ({ ...o, [key]: e.target.checked }))} />}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <TextField
        size="small"
        label={PT.filter}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          input: {
            endAdornment: filtered ? (
              <InputAdornment position="end">
                <IconButton aria-label={PT.clearFilter} size="small" onClick={() => { setSearch(''); setPicks(NO_PICKS); }}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      {typeAndCategoryFilters ? <PointListFilters value={picks} onChange={setPicks} allowedTypes={context?.pointTypes} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {box('type', PT.inspectionType)}
        {box('family', PT.productFamily)}
        {box('model', PT.productModel)}
        {box('serial', PT.serialNumber)}
      </Box>
      {context?.pointTypes?.length ? (
        <Typography variant="body2" color="text.secondary">{PT.onlyPointTypes(context.pointTypes.map((t) => pointTypeName(t)).join(', '))}</Typography>
      ) : null}
      {list.error ? <Alert severity="error">{shownMessage(list.error)}</Alert> : null}
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {list.isPending ? 'Loading…' : `${count} inspection point${count === 1 ? '' : 's'}`}
      </Typography>
      <Box
        ref={scroller}
        role="listbox"
        aria-label={PT.tabList}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        sx={{ height, overflowY: 'auto', position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        {!list.isPending && !items.length ? <Typography sx={{ p: 2 }}>{PT.noPoints}</Typography> : null}
        <Box sx={{ height: items.length * ROW, position: 'relative' }}>
          {items.slice(first, last).map((p, i) => (
            <PointRow key={p.id} point={p} top={(first + i) * ROW} height={ROW} search={debounced} selected={p.id === selectedId}
              onSelect={onSelect} onAdd={onAdd} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
