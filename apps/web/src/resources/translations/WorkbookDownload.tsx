import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TranslationKind } from '@insp/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { trpc } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { coarsePointer } from '../../theme';

const TYPES: { value: TranslationKind; label: string }[] = [
  { value: 'Name', label: 'Point names' },
  { value: 'Description', label: 'Point descriptions' },
];

/**
 * Download (002 §2): product categories and a type, then GET …/translations/excelLink through tRPC; the answer is
 * a signed link to the stored workbook, shown as a link that opens in a new tab (a window opened after the wait
 * would be stopped by pop-up blockers). Any change of the choice drops the link, which was for the old choice.
 */
export function WorkbookDownload() {
  const categories = useQuery(trpc.pointAuthoring.productCategories.queryOptions());
  const [chosen, setChosen] = useState<string[]>([]);
  const [type, setType] = useState<TranslationKind>('Name');
  const prepare = useMutation(trpc.translations.excelLink.mutationOptions());
  const change = (fn: () => void) => {
    fn();
    prepare.reset();
  };
  const toggle = (id: string) => change(() => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id])));
  const error = prepare.error ? callError(prepare.error).message : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="translations-download" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="translations-download" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Download translations
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        An Excel workbook with one row per inspection point of the chosen product categories: its id, category, English text and one column
        per language.
      </Typography>
      {categories.isPending && <Typography role="status">Loading product categories…</Typography>}
      {categories.error && <Alert severity="error">{callError(categories.error).message}</Alert>}
      {categories.data && (
        <FormControl component="fieldset" sx={{ mb: 2, display: 'block' }}>
          <FormLabel component="legend">Product categories</FormLabel>
          <FormGroup row>
            {categories.data.map((c) => (
              <FormControlLabel key={c.id} label={c.name} control={<Checkbox checked={chosen.includes(c.id)} onChange={() => toggle(c.id)} />} />
            ))}
          </FormGroup>
        </FormControl>
      )}
      <FormControl component="fieldset" sx={{ mb: 2, display: 'block' }}>
        <FormLabel component="legend">Texts</FormLabel>
        <RadioGroup row value={type} onChange={(e) => change(() => setType(e.target.value as TranslationKind))}>
          {TYPES.map((t) => (
            <FormControlLabel key={t.value} value={t.value} label={t.label} control={<Radio sx={{ [coarsePointer]: { minWidth: 44, minHeight: 44 } }} />} />
          ))}
        </RadioGroup>
      </FormControl>
      <Button
        variant="contained"
        startIcon={prepare.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
        disabled={chosen.length === 0 || prepare.isPending}
        onClick={() => prepare.mutate({ type, categories: chosen.join(';') })}
      >
        {prepare.isPending ? 'Preparing…' : 'Prepare workbook'}
      </Button>
      {chosen.length === 0 && categories.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Choose at least one product category.
        </Typography>
      )}
      <div role="status">
        {prepare.isPending && <Typography sx={{ mt: 2 }}>Preparing the workbook…</Typography>}
        {prepare.data && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {prepare.data.points} points.{' '}
            <Link href={prepare.data.link} target="_blank" rel="noopener" data-testid="workbook-link" sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
              Download {prepare.data.fileName}
            </Link>{' '}
            (opens in a new tab; the link works for {Math.round(prepare.data.expiresInSeconds / 60)} minutes).
          </Alert>
        )}
      </div>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
