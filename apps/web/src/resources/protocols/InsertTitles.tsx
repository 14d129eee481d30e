import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { protocolsApi, type TCategoryTitle } from './api';
import { PR } from './texts';

/** A title typed freely or picked from the reference titles (GET api/v1/categoryTitles), then inserted. */
function TitleInput({ label, titles, onInsert, disabled }: { label: string; titles: TCategoryTitle[]; onInsert: (text: string, id: string | null) => void; disabled?: boolean }) {
  const [text, setText] = useState('');
  const insert = () => {
    const t = text.trim();
    if (!t) return;
    const ref = titles.find((x) => x.text === t);
    onInsert(t, ref?.id ?? null);
    setText('');
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Autocomplete
        freeSolo value={null} options={titles.map((t) => t.text)} inputValue={text} onInputChange={(_, v) => setText(v)} disabled={disabled} sx={{ flex: 1, minWidth: 0 }}
        renderInput={(params) => (
          <TextField {...params} size="small" label={label} onKeyDown={(e) => { if (e.key === 'Enter' && !e.defaultPrevented) { e.preventDefault(); insert(); } }} />
        )}
      />
      <Button variant="outlined" disabled={disabled || !text.trim()} onClick={insert} aria-label={`${label}: insert`}>Insert</Button>
    </Box>
  );
}

/**
 * Left column of the create tab (001 §2): 'Insert category title' and, for Commission only, 'Insert subcategory
 * title' (into the selected category).
 */
export function InsertTitles({ type, hasCategory, onCategory, onSubcategory }: {
  type: string;
  hasCategory: boolean;
  onCategory: (text: string, id: string | null) => void;
  onSubcategory: (text: string) => void;
}) {
  const titles = useQuery({ queryKey: ['protocols.categoryTitles'], queryFn: protocolsApi.categoryTitles, staleTime: 5 * 60_000 });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TitleInput label={PR.insertCategory} titles={titles.data ?? []} onInsert={onCategory} />
      {type === 'Commission' ? (
        <TitleInput label={PR.insertSubcategory} titles={titles.data ?? []} disabled={!hasCategory} onInsert={(t) => onSubcategory(t)} />
      ) : null}
    </Box>
  );
}
