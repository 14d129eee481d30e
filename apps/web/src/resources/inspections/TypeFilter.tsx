import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';
import { filterTypes, typeLabel } from './inspectionTypes';
import { REPORT_TEXT } from './texts';

/**
 * spec 000 §2.3: a checkbox per inspection type (filterTypes: sorted by display name, no Custom, CustomPoints
 * or Audit_*). None ticked lists every type; a change starts again at the first page. The boxes show a click
 * at once (and two quick clicks both count); the list's filter follows.
 */
export function TypeFilter() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const fromList: string[] = filterValues.types ?? [];
  const key = fromList.join(',');
  const [chosen, setChosen] = useState(fromList);
  useEffect(() => setChosen(key ? key.split(',') : []), [key]);

  const toggle = (type: string) => {
    const types = chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type];
    setChosen(types);
    const { types: _old, ...rest } = filterValues;
    setFilters(types.length ? { ...rest, types } : rest, displayedFilters, false);
  };
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, px: 2, pt: 1, pb: 0.5, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ p: 0, fontWeight: 600 }}>
        {REPORT_TEXT.types}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {filterTypes.map((t) => (
          <FormControlLabel
            key={t}
            control={<Checkbox size="small" checked={chosen.includes(t)} onChange={() => toggle(t)} />}
            label={typeLabel(t)}
            sx={{ mr: 1, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
          />
        ))}
      </Box>
    </Box>
  );
}
