import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TInspectionPoint } from '@insp/contracts';
import { useUnsavedChanges } from '../../components/unsaved';
import { shownMessage } from '../../lib/errors';
import { sameValues } from '../../lib/sameValues';
import { pointsApi } from './api';
import { ContentSettings } from './ContentSettings';
import { PointOptions } from './PointOptions';
import { formOf, generalFieldsOf, type PointForm } from './rules';

/**
 * General-fields-only editor (001 §2, PUT …/generalfields): the common option fields of an existing point,
 * saved without touching its content. It is never invalid (001 §5).
 */
export function GeneralFieldsEditor({ point }: { point: TInspectionPoint }) {
  const [form, setForm] = useState<PointForm>(() => formOf(point));
  // what was last loaded or saved: a form differing from it is unsaved (issue 19)
  const [baseline, setBaseline] = useState<PointForm>(form);
  useEffect(() => {
    setForm(formOf(point));
    setBaseline(formOf(point));
  }, [point]);
  useUnsavedChanges(!sameValues(form, baseline));
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const sent = form;
      await pointsApi.updateGeneralFields({ id: point.id, ...generalFieldsOf(form), inputValidationRegexp: form.inputValidationRegexp || null });
      setBaseline(sent);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['inspectionPoints.get', point.id] }),
  });
  const change = (p: Partial<PointForm>) => {
    save.reset();
    setForm((f) => ({ ...f, ...p }));
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">Only the general fields of this point are saved here; its content stays as it is.</Typography>
      <ContentSettings value={form} onChange={change} />
      <PointOptions value={form} onChange={change} />
      {save.error ? <Alert severity="error">{shownMessage(save.error)}</Alert> : null}
      {save.isSuccess ? <Alert severity="success">General fields saved.</Alert> : null}
      <Box>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>Save general fields</Button>
      </Box>
    </Box>
  );
}
