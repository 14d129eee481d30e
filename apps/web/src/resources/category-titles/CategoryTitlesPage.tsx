import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TCategoryTitleTranslations } from '@insp/contracts';
import { TextTranslationsEditor, type TextTranslationChange } from '../../components/TextTranslationsEditor';
import { shownMessage } from '../../lib/errors';
import { refApi } from '../inspection-points/api';
import { useLanguages } from '../inspection-points/refs';

/**
 * /CategoryTitles (issue 19, P.authoring): the reference category titles protocols pick from, translated into the
 * report languages. A protocol category picked from a title prints its translation in a report; a title typed
 * freely prints in English. An inspection keeps the words of the day it started.
 */
export function CategoryTitlesPage() {
  const qc = useQueryClient();
  const languages = useLanguages();
  const titles = useQuery({ queryKey: ['categoryTitles.translations'], queryFn: refApi.categoryTitleTranslations });
  const langs = useMemo(() => (languages.data ?? []).filter((l) => l.id !== 'en'), [languages.data]);
  const texts = useMemo(
    () => (titles.data ?? []).map((t) => ({ key: t.id, english: t.text, context: 'Category and subcategory title', translations: t.translations })),
    [titles.data],
  );
  const save = async (changes: TextTranslationChange[]) => {
    const saved = await refApi.updateCategoryTitleTranslations({ items: changes.map((c) => ({ categoryTitleId: c.key, language: c.language, text: c.text })) });
    qc.setQueryData<TCategoryTitleTranslations[]>(['categoryTitles.translations'], saved);
    await qc.invalidateQueries({ queryKey: ['protocols.categoryTitles'] });
  };
  const error = titles.error ?? languages.error;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, m: { xs: 1, sm: 2 }, display: 'grid', gap: 1.5, maxWidth: 900 }}>
      <Typography variant="h5" component="h1">Category titles</Typography>
      <Typography variant="body2" color="text.secondary">
        The titles protocols pick for their categories, in the report languages. A report prints a category in its language when the protocol picked the
        title from this list; a title typed freely prints in English.
      </Typography>
      {error ? <Alert severity="error">{shownMessage(error)}</Alert> : null}
      {titles.isPending || languages.isPending ? <CircularProgress size={24} aria-label="Loading category titles" /> : null}
      {titles.data && languages.data ? (
        <TextTranslationsEditor texts={texts} languages={langs} onSave={save} saveLabel="Save translations" emptyText="There are no category titles yet." />
      ) : null}
    </Paper>
  );
}
