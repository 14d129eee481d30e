import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TInspectionPoint } from '@insp/contracts';
import { useUnsavedChanges } from '../../components/unsaved';
import { shownMessage } from '../../lib/errors';
import { sameValues } from '../../lib/sameValues';
import { refApi, type TTranslationItem } from './api';
import { useLanguages } from './refs';
import { LocalizationTexts } from './LocalizationTexts';
import { OUTDATED_SX, PT } from './texts';

type Texts = Record<string, { name: string; description: string }>;
const textsOf = (p: TInspectionPoint): Texts => {
  const t: Texts = {};
  for (const x of p.translations) t[x.name] = { name: x.value, description: t[x.name]?.description ?? '' };
  for (const x of p.descriptionTranslations) t[x.name] = { name: t[x.name]?.name ?? '', description: x.value };
  return t;
};

/**
 * Localization tab (001 §2, §3): name and description per language, English excluded. A translation is
 * outdated when the English text changed after it was written; saving it again makes it current.
 */
export function LocalizationTab({ point }: { point: TInspectionPoint }) {
  const languages = useLanguages();
  const [texts, setTexts] = useState<Texts>(() => textsOf(point));
  // what was last loaded or saved: typed texts differing from it are unsaved (an outdated one left as it is is not)
  const [baseline, setBaseline] = useState<Texts>(texts);
  useEffect(() => {
    setTexts(textsOf(point));
    setBaseline(textsOf(point));
  }, [point]);
  const qc = useQueryClient();
  const langs = (languages.data ?? []).filter((l) => l.id !== 'en');
  const byLang = (kind: 'name' | 'description') => new Map((kind === 'name' ? point.translations : point.descriptionTranslations).map((t) => [t.name, t]));
  const names = byLang('name');
  const descriptions = byLang('description');
  const items = (kind: 'name' | 'description'): TTranslationItem[] => {
    const saved = kind === 'name' ? names : descriptions;
    // only what changed (or is outdated and saved again) is sent; an emptied text removes the translation
    return langs
      .filter((l) => {
        const now = texts[l.id]?.[kind] ?? '';
        const was = saved.get(l.id);
        return now !== (was?.value ?? '') || (!!was?.outdated && now !== '');
      })
      .map((l) => ({ id: saved.get(l.id)?.id ?? null, translationLanguage: l.id, translationText: texts[l.id]?.[kind] ?? '' }));
  };
  const save = useMutation({
    mutationFn: async () => {
      const sent = texts;
      const n = items('name');
      const d = items('description');
      if (n.length) await refApi.updateTranslations({ id: point.id, kind: 'Name', items: n });
      if (d.length) await refApi.updateTranslations({ id: point.id, kind: 'Description', items: d });
      setBaseline(sent);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['inspectionPoints.get', point.id] });
      await qc.invalidateQueries({ queryKey: ['inspectionPoints.list'] });
    },
  });
  const dirty = items('name').length + items('description').length > 0;
  const blank = { name: '', description: '' };
  useUnsavedChanges(langs.some((l) => !sameValues(texts[l.id] ?? blank, baseline[l.id] ?? blank)));
  const set = (lang: string, kind: 'name' | 'description', v: string) => {
    save.reset();
    setTexts((t) => ({ ...t, [lang]: { name: t[lang]?.name ?? '', description: t[lang]?.description ?? '', [kind]: v } }));
  };
  const outdated = (kind: 'name' | 'description', lang: string) =>
    (kind === 'name' ? names : descriptions).get(lang)?.outdated ? <Chip size="small" variant="outlined" label={PT.outdated} sx={{ ml: 1, ...OUTDATED_SX }} /> : null;

  if (languages.error) return <Alert severity="error">{shownMessage(languages.error)}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">English: {point.name}</Typography>
      {langs.map((l) => (
        <Box key={l.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, pt: 0.5, display: 'grid', gap: 1.5 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>{l.name} ({l.id})</Typography>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <TextField size="small" label={`Name (${l.name})`} value={texts[l.id]?.name ?? ''} onChange={(e) => set(l.id, 'name', e.target.value)} />
            {outdated('name', l.id)}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <TextField size="small" multiline minRows={2} label={`Description (${l.name})`} value={texts[l.id]?.description ?? ''} onChange={(e) => set(l.id, 'description', e.target.value)} />
            {outdated('description', l.id)}
          </Box>
        </Box>
      ))}
      {save.error ? <Alert severity="error">{shownMessage(save.error)}</Alert> : null}
      {save.isSuccess && !dirty ? <Alert severity="success">Translations saved.</Alert> : null}
      <Box>
        <Button variant="contained" disabled={!dirty || save.isPending} onClick={() => save.mutate()}>Save translations</Button>
      </Box>
      <LocalizationTexts key={point.id} pointId={point.id} languages={langs} />
    </Box>
  );
}
