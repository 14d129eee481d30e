import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export const ERRORS_PER_PAGE = 50;
type RowError = { rowNumber: number; field: string | null; message: string };

/** The per-row error report: row number as in the file (header = row 1), the column, what is wrong. */
export function ImportErrors(props: { errors: { result: RowError[]; count: number }; offset: number; onOffset: (offset: number) => void }) {
  const { errors, offset, onOffset } = props;
  if (errors.count === 0) return null;
  return (
    <>
      <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
        Rows not imported
      </Typography>
      <Table size="small" aria-label="Rows not imported">
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>Column</TableCell>
            <TableCell>Problem</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.result.map((e, i) => (
            <TableRow key={`${e.rowNumber}-${i}`}>
              <TableCell>{e.rowNumber}</TableCell>
              <TableCell>{e.field ?? '—'}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.count > ERRORS_PER_PAGE && (
        <TablePagination
          component="div"
          count={errors.count}
          page={Math.floor(offset / ERRORS_PER_PAGE)}
          rowsPerPage={ERRORS_PER_PAGE}
          rowsPerPageOptions={[ERRORS_PER_PAGE]}
          onPageChange={(_e, page) => onOffset(page * ERRORS_PER_PAGE)}
        />
      )}
    </>
  );
}
