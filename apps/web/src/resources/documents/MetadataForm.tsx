import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { trpc } from '../../providers/trpc';
import { useDebounced } from '../../components/useDebounced';
import { UNCATEGORIZED } from './api';

export interface Named { id: string; name: string }
export interface MetadataValues { categoryId: string | null; inspectionPoints: Named[]; productFamilyIds: string[]; productModelIds: string[] }

const ids = (xs: readonly string[]) => [...xs].sort().join();
/** Whether the form differs from what was loaded or last saved (then leaving it asks first). */
export const metadataDirty = (a: MetadataValues, b: MetadataValues) =>
  a.categoryId !== b.categoryId || ids(a.inspectionPoints.map((p) => p.id)) !== ids(b.inspectionPoints.map((p) => p.id))
  || ids(a.productFamilyIds) !== ids(b.productFamilyIds) || ids(a.productModelIds) !== ids(b.productModelIds);

/** Inspection points searched on the server (paged: the first 20 matches). */
function PointsField({ value, onChange, disabled }: { value: Named[]; onChange(v: Named[]): void; disabled: boolean }) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 200);
  const choices = useQuery({ ...trpc.documents.pointChoices.queryOptions({ search, offset: 0, amount: 20 }), placeholderData: keepPreviousData });
  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={choices.data?.result ?? []}
      value={value}
      filterOptions={(x) => x}
      loading={choices.isFetching}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      onChange={(_, v) => onChange(v)}
      onInputChange={(_, v, reason) => { if (reason !== 'reset') setText(v); }}
      renderInput={(params) => <TextField {...params} label="Inspection points" />}
    />
  );
}

/** Metadata of a document (002 §7 document/metadata): category, linked inspection points, product families and models. */
export function MetadataForm({ value, onChange, categories, disabled }: {
  value: MetadataValues; onChange(v: MetadataValues): void; categories: { id: string; label: string }[]; disabled: boolean;
}) {
  const families = useQuery({ ...trpc.productFamilies.all.queryOptions(), staleTime: 5 * 60_000 });
  const familyOpts = useMemo(() => (families.data ?? []).map((f) => ({ id: f.id, name: f.familyName })), [families.data]);
  const modelOpts = useMemo(
    () => (families.data ?? []).filter((f) => value.productFamilyIds.includes(f.id)).flatMap((f) => f.productModels.map((m) => ({ id: m.id, name: `${f.familyName} ${m.name}` }))),
    [families.data, value.productFamilyIds],
  );
  const pick = (opts: Named[], chosen: string[]) => chosen.map((id) => opts.find((o) => o.id === id) ?? { id, name: id });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField select label="Category" value={value.categoryId ?? UNCATEGORIZED} disabled={disabled}
        onChange={(e) => onChange({ ...value, categoryId: e.target.value === UNCATEGORIZED ? null : e.target.value })}>
        <MenuItem value={UNCATEGORIZED}>uncategorized</MenuItem>
        {categories.map((c) => <MenuItem key={c.id} value={c.id}>{c.label}</MenuItem>)}
      </TextField>
      <PointsField value={value.inspectionPoints} disabled={disabled} onChange={(inspectionPoints) => onChange({ ...value, inspectionPoints })} />
      <Autocomplete multiple disabled={disabled} options={familyOpts} value={pick(familyOpts, value.productFamilyIds)}
        isOptionEqualToValue={(a, b) => a.id === b.id} getOptionLabel={(o) => o.name}
        onChange={(_, v) => {
          const fams = v.map((o) => o.id);
          // a model of a family no longer chosen goes with it
          const keep = new Set((families.data ?? []).filter((f) => fams.includes(f.id)).flatMap((f) => f.productModels.map((m) => m.id)));
          onChange({ ...value, productFamilyIds: fams, productModelIds: value.productModelIds.filter((m) => keep.has(m)) });
        }}
        renderInput={(params) => <TextField {...params} label="Product families" />} />
      <Autocomplete multiple disabled={disabled || !value.productFamilyIds.length} options={modelOpts} value={pick(modelOpts, value.productModelIds)}
        isOptionEqualToValue={(a, b) => a.id === b.id} getOptionLabel={(o) => o.name}
        onChange={(_, v) => onChange({ ...value, productModelIds: v.map((o) => o.id) })}
        renderInput={(params) => <TextField {...params} label="Product models" helperText={value.productFamilyIds.length ? undefined : 'Choose a product family first'}
          // the hint says why the box is disabled: it keeps readable contrast (disabled grey is 2.7:1)
          slotProps={{ ...params.slotProps, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }} />} />
    </Box>
  );
}
