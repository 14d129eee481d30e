import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useFamilies } from './api';
import type { TMetaIn } from './types';

interface ModelOption {
  id: string;
  label: string;
}

/**
 * Metas by product model (001 §3 'metas, modelIds'): the chosen models become ProductModel metas; none chosen
 * means any model (`whenAny`: AnyProductModel for choice lists, nothing for range values). Other metas are kept.
 */
export function ModelMetasField({ metas, onChange, whenAny, disabled, label = 'Product models' }: {
  metas: TMetaIn[];
  onChange(m: TMetaIn[]): void;
  whenAny: TMetaIn[];
  disabled?: boolean;
  label?: string;
}) {
  const families = useFamilies().data;
  const options = useMemo<ModelOption[]>(
    () => (families ?? []).flatMap((f) => f.productModels.map((m) => ({ id: m.id, label: `${f.name} ${m.name}` }))),
    [families],
  );
  const chosenIds = metas.filter((m) => m.type === 'ProductModel').map((m) => m.value);
  const chosen = chosenIds.map((id) => options.find((o) => o.id === id) ?? { id, label: id });
  const others = metas.filter((m) => m.type !== 'ProductModel' && m.type !== 'AnyProductModel');
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={chosen}
      disabled={disabled}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => onChange(v.length ? [...others, ...v.map((o) => ({ type: 'ProductModel', value: o.id }))] : [...others, ...whenAny])}
      renderInput={(params) => <TextField {...params} label={label} placeholder={chosen.length ? undefined : 'Any product model'} />}
      sx={{ minWidth: 260, flex: 1 }}
    />
  );
}
