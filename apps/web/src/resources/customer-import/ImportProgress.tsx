import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { trpc } from '../../providers/trpc';
import { ERRORS_PER_PAGE, ImportErrors } from './ImportErrors';

/** How often a queued or running import is asked for its progress. */
export const POLL_MS = 1000;
const running = (status?: string) => status === 'queued' || status === 'running';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Step 2: the import's progress bar while it runs, then its summary and the rows it skipped. */
export function ImportProgress({ id }: { id: string }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery({
    ...trpc.customerImport.get.queryOptions({ id, offset, amount: ERRORS_PER_PAGE }),
    refetchInterval: (query) => (running(query.state.data?.status) ? POLL_MS : false),
    placeholderData: keepPreviousData,
  });
  if (q.isError) return <Alert severity="error">{q.error.message}</Alert>;
  const imp = q.data;
  if (!imp) return <LinearProgress aria-label="Loading the import" />;

  const total = imp.totalRows ?? 0;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="import-progress">
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{imp.fileName}</Typography>
      {running(imp.status) && (
        <Box>
          <LinearProgress
            variant={imp.status === 'queued' || total === 0 ? 'indeterminate' : 'determinate'}
            value={total ? (100 * imp.processedRows) / total : 0}
            aria-label="Import progress"
          />
          <Typography sx={{ mt: 1 }} data-testid="import-status">
            {imp.status === 'queued' ? 'Waiting to start…' : `Importing… ${imp.processedRows} of ${total} rows`}
          </Typography>
        </Box>
      )}
      {imp.status === 'failed' && (
        <Alert severity="error" data-testid="import-status">
          The import failed: {imp.error}
        </Alert>
      )}
      {imp.status === 'done' && (
        <Alert severity={imp.rowsWithErrors ? 'warning' : 'success'} data-testid="import-status">
          Import finished: {plural(imp.processedRows - imp.rowsWithErrors, 'row')} imported
          {imp.rowsWithErrors ? `, ${plural(imp.rowsWithErrors, 'row')} skipped because of errors` : ''}.
        </Alert>
      )}
      {(imp.status === 'done' || imp.processedRows > 0) && (
        <Box component="ul" sx={{ mt: 2, mb: 0 }} data-testid="import-counts">
          <li>Customers: {imp.customersCreated} created, {imp.customersUpdated} updated</li>
          <li>Sites: {imp.sitesCreated} created, {imp.sitesUpdated} updated</li>
          <li>Equipment: {imp.equipmentCreated} created, {imp.equipmentUpdated} updated</li>
        </Box>
      )}
      <ImportErrors errors={imp.errors} offset={offset} onOffset={setOffset} />
    </Paper>
  );
}
