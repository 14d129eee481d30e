import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useUnsavedChanges } from './unsaved';
import { shownMessage } from '../lib/errors';
import { coarsePointer } from '../theme';

/** One English text and its translations as the API answers them (a point's report texts, a category title). */
export interface TranslatableText {
  key: string;
  english: string;
  /** What the text is, for people ('Option of dropdown "Supplier"'). */
  context: string;
  translations: { language: string; text: string; outdated: boolean }[];
}
export interface TextTranslationChange { key: string; language: string; text: string }

const OUTDATED_SX = { bgcolor: '#fff4e5', color: '#663c00', borderColor: '#ed6c02', fontWeight: 600 } as const;

/**
 * Issue 19: translations of many short texts, one language at a time (seven side by side do not fit 820 px). Edits
 * are kept across a language switch and sent together; only changed texts are sent, plus outdated ones (the English
 * changed since) so that saving confirms them, as the point name translations do. An emptied text removes it.
 */
export function TextTranslationsEditor({ texts, languages, onSave, saveLabel, emptyText }: {
  texts: TranslatableText[];
  languages: { id: string; name: string }[];
  onSave: (changes: TextTranslationChange[]) => Promise<unknown>;
  saveLabel: string;
  emptyText: string;
}) {
  const [lang, setLang] = useState(languages[0]?.id ?? '');
  useEffect(() => {
    if (!languages.some((l) => l.id === lang) && languages[0]) setLang(languages[0].id);
  }, [languages, lang]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [state, setState] = useState<{ saving: boolean; error: unknown; saved: boolean }>({ saving: false, error: null, saved: false });
  const saved = useMemo(() => new Map<string, { text: string; outdated: boolean }>(texts.flatMap((t) => t.translations.map((x) => [`${t.key}|${x.language}`, x] as const))), [texts]);
  const valueOf = (key: string, language: string) => edits[`${key}|${language}`] ?? saved.get(`${key}|${language}`)?.text ?? '';
  const changes: TextTranslationChange[] = texts.flatMap((t) =>
    languages.flatMap((l) => {
      const was = saved.get(`${t.key}|${l.id}`);
      const now = valueOf(t.key, l.id);
      return now !== (was?.text ?? '') || (!!was?.outdated && now.trim() !== '') ? [{ key: t.key, language: l.id, text: now }] : [];
    }),
  );
  const edited = Object.entries(edits).some(([k, v]) => v !== (saved.get(k)?.text ?? ''));
  useUnsavedChanges(edited);

  const save = async () => {
    setState({ saving: true, error: null, saved: false });
    try {
      await onSave(changes);
      setEdits({});
      setState({ saving: false, error: null, saved: true });
    } catch (error) {
      setState({ saving: false, error, saved: false });
    }
  };
  const language = languages.find((l) => l.id === lang);
  if (!texts.length) return <Typography variant="body2" color="text.secondary">{emptyText}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        select size="small" label="Translate into" value={lang} onChange={(e) => setLang(e.target.value)}
        sx={{ width: 200, '& .MuiSelect-select': { [coarsePointer]: { py: '10.5px' } } }}
      >
        {languages.map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
      </TextField>
      {texts.map((t) => (
        <Box key={t.key} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            sx={{ flex: '1 1 260px', maxWidth: 520 }}
            label={`${t.english} (${language?.name ?? lang})`}
            helperText={t.context}
            value={valueOf(t.key, lang)}
            onChange={(e) => {
              setState((s) => ({ ...s, saved: false }));
              setEdits((x) => ({ ...x, [`${t.key}|${lang}`]: e.target.value }));
            }}
          />
          {saved.get(`${t.key}|${lang}`)?.outdated ? <Chip size="small" variant="outlined" label="outdated" sx={OUTDATED_SX} /> : null}
        </Box>
      ))}
      {state.error ? <Alert severity="error">{shownMessage(state.error)}</Alert> : null}
      {state.saved && !changes.length ? <Alert severity="success">Translations saved.</Alert> : null}
      <Box>
        <Button variant="contained" disabled={!changes.length || state.saving} onClick={() => void save()}>{saveLabel}</Button>
      </Box>
    </Box>
  );
}
