import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PointTextKind, TPointText } from '@insp/contracts';
import { TextTranslationsEditor, type TextTranslationChange } from '../../components/TextTranslationsEditor';
import { shownMessage } from '../../lib/errors';
import { refApi } from './api';

const keyOf = (t: { kind: string; id: string }) => `${t.kind}/${t.id}`;

/**
 * Issue 19, the Localization tab's second part: the point's texts a report prints beside its name (options,
 * choices, dropdowns, range values, table, row and field titles, measurement title) in each report language. A
 * text without a translation prints in English. An option of a shared (predefined) group is every point's.
 */
export function LocalizationTexts({ pointId, languages }: { pointId: string; languages: { id: string; name: string }[] }) {
  const qc = useQueryClient();
  const queryKey = ['inspectionPoints.texts', pointId];
  const texts = useQuery({ queryKey, queryFn: () => refApi.pointTexts(pointId) });
  const shown = useMemo(() => (texts.data ?? []).map((t) => ({
    key: keyOf(t), english: t.english, translations: t.translations,
    context: t.shared ? `${t.context}: shared by every point using the group` : t.context,
  })), [texts.data]);
  const save = async (changes: TextTranslationChange[]) => {
    const byKey = new Map((texts.data ?? []).map((t) => [keyOf(t), t]));
    const items = changes.flatMap((c) => {
      const t = byKey.get(c.key);
      return t ? [{ kind: t.kind as PointTextKind, id: t.id, language: c.language, text: c.text }] : [];
    });
    qc.setQueryData<TPointText[]>(queryKey, await refApi.updatePointTexts({ id: pointId, items }));
  };
  return (
    <Box component="section" aria-labelledby="point-texts-heading" sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
      <Typography id="point-texts-heading" variant="subtitle1" component="h2">Texts in the report</Typography>
      <Typography variant="body2" color="text.secondary">
        Options, choices, dropdowns, range values and table titles print in the report's language; a text without a translation prints in English.
        Category titles are translated on the <Link component={RouterLink} to="/CategoryTitles">Category titles</Link> page.
      </Typography>
      {texts.error ? <Alert severity="error">{shownMessage(texts.error)}</Alert> : null}
      {texts.isPending ? <CircularProgress size={24} aria-label="Loading texts" /> : null}
      {texts.data ? (
        <TextTranslationsEditor
          texts={shown}
          languages={languages}
          onSave={save}
          saveLabel="Save text translations"
          emptyText="This point has no other texts to translate."
        />
      ) : null}
    </Box>
  );
}
