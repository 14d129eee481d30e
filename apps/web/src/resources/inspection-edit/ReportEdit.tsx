import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { EditForm } from './EditForm';
import { LocalImagesProvider } from './photos/localImages';
import { EDIT_TEXT } from './texts';

/**
 * /Reports/{id}/edit: loads the edit data (GET editDetails) afresh, then holds it still while the form is open,
 * so nothing refetched underneath replaces what is being edited. After a save the report's HTML, details and
 * edit data are reloaded (000 §4) and the form closes to the details page.
 */
export function ReportEdit() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const lang = params.get('lang') || 'en';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const query = useQuery({
    ...trpc.inspectionEdit.editDetails.queryOptions({ id }),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
  const [data, setData] = useState<TInspectionEdit | null>(null);
  if (!data && query.data && !query.isFetching) setData(query.data as TInspectionEdit);

  const details = `/Reports/${id}/details${lang !== 'en' ? `?lang=${lang}` : ''}`;
  const onSaved = (saved: TInspectionEdit) => {
    qc.setQueryData(trpc.inspectionEdit.editDetails.queryKey({ id }), saved);
    void qc.invalidateQueries({ queryKey: trpc.inspectionEdit.pathKey() });
    void qc.invalidateQueries({ queryKey: ['inspectionReports'] });
    void qc.invalidateQueries({ queryKey: ['Reports'] });
    navigate(details);
  };

  // Issue 23: the save replaced someone else's answers; the form stays on the saved data to say so.
  const onSavedOver = (saved: TInspectionEdit) => {
    qc.setQueryData(trpc.inspectionEdit.editDetails.queryKey({ id }), saved);
    void qc.invalidateQueries({ queryKey: ['inspectionReports'] });
    void qc.invalidateQueries({ queryKey: ['Reports'] });
    setData(saved);
  };

  // A discarded start leaves every list and its own queries (issue 20).
  const onDiscarded = () => {
    qc.removeQueries({ queryKey: trpc.inspectionEdit.pathKey() });
    void qc.invalidateQueries({ queryKey: ['Reports'] });
  };

  if (query.isError && !data) return <Alert severity="error">{shownMessage(query.error)}</Alert>;
  if (!data) return <Typography color="text.secondary">{EDIT_TEXT.loading}</Typography>;
  return (
    <LocalImagesProvider>
      <EditForm data={data} lang={lang} onSaved={onSaved} onSavedOver={onSavedOver} onBack={() => navigate(details)} onDiscarded={onDiscarded} />
    </LocalImagesProvider>
  );
}
