import type { TTranslationsImportReport } from '@insp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the import did: counts, then every updated or refused row (unchanged rows are only counted). */
export function ImportReport({ report }: { report: TTranslationsImportReport }) {
  const summary = `${plural(report.updated, 'row', 'rows')} updated (${plural(report.translationsChanged, 'translation', 'translations')}), ${report.unchanged} unchanged, ${report.refused} refused.`;
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity={report.refused ? 'warning' : 'success'} data-testid="import-summary">
        {report.type === 'Name' ? 'Point names' : 'Point descriptions'}: {summary}
      </Alert>
      {report.rows.length > 0 && (
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" aria-label="Import report">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Point</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.map((r) => (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.pointName ?? r.pointId ?? '—'}</TableCell>
                  <TableCell sx={{ fontWeight: 600, color: r.status === 'refused' ? 'error.main' : 'success.dark' }}>{r.status === 'refused' ? 'Refused' : 'Updated'}</TableCell>
                  <TableCell>{r.status === 'refused' ? r.reason : `Changed: ${r.languages.join(', ')}`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
