import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { cellKey, computeTable, EDIT_LIMITS } from '@insp/contracts';
import type { TableRow as Row } from '../formValues';
import { isNumericKeyboard, valueError } from '../validation';
import { EDIT_TEXT } from '../texts';
import type { PointKindProps } from './types';

/**
 * Tables (Summary, SummaryWithRows, MeasurementsWithPicture): typed cells, and Average/Sum/Min/Max/Diff cells
 * computed live from the other numeric cells to 2 decimals and read-only (000 §2.6), with the same arithmetic as
 * the report (contracts point-math.ts). Only a table whose library has no rows (MeasurementsWithPicture) takes rows here.
 */
export function TablePoint({ config, value, onChange, disabled, label }: PointKindProps) {
  const ownRows = config.rows.length === 0;
  const computed = computeTable({
    fields: config.fields.map((f) => ({ id: f.id, aggregation: f.inspectionPointFieldAggregation })),
    rows: value.rows.map((r) => ({ id: r.id, aggregation: r.inspectionPointRowAggregation })),
    values: value.rows.flatMap((r) => r.values),
  });
  const numericField = new Map(config.fields.map((f) => [f.id, isNumericKeyboard(f.keyboardType)]));
  const invalid = value.rows.some((r) => r.values.some((c) => valueError(c.value, { numeric: !!numericField.get(c.fieldId) })));
  const setRows = (rows: Row[]) => onChange({ ...value, rows });
  const setCell = (rowId: string, fieldId: string, v: string) =>
    setRows(value.rows.map((r) => (r.id !== rowId ? r : { ...r, values: r.values.map((c) => (c.fieldId === fieldId ? { ...c, value: v } : c)) })));
  const addRow = () => {
    const used = new Set(value.rows.map((r) => r.id));
    let n = value.rows.length;
    while (used.has(`row-${n}`)) n++;
    const id = `row-${n}`;
    setRows([...value.rows, { id, title: String(value.rows.length + 1), inspectionPointRowAggregation: 'No', values: config.fields.map((f) => ({ rowId: id, fieldId: f.id, value: '' })) }]);
  };
  return (
    <Box>
      {config.measurementTitle && (
        <Typography variant="subtitle2">
          {config.measurementTitle}
          {config.unitValue ? ` (${config.unitValue})` : ''}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`${label} table`} sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{config.fieldTitle ?? ''}</TableCell>
              {config.fields.map((f) => (
                <TableCell key={f.id} component="th" align="right">
                  {f.title}
                </TableCell>
              ))}
              {ownRows && !disabled && <TableCell component="th"><span hidden>Actions</span></TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {value.rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell component="th" scope="row" sx={{ minWidth: 110 }}>
                  {ownRows ? (
                    <TextField size="small" value={r.title} disabled={disabled} slotProps={{ htmlInput: { 'aria-label': 'Row title', maxLength: 500 } }}
                      onChange={(e) => setRows(value.rows.map((x) => (x.id === r.id ? { ...x, title: e.target.value } : x)))} />
                  ) : (
                    r.title
                  )}
                </TableCell>
                {config.fields.map((f) => {
                  const aggregated = f.inspectionPointFieldAggregation !== 'No' || r.inspectionPointRowAggregation !== 'No';
                  if (aggregated) {
                    const n = computed.get(cellKey(r.id, f.id));
                    return (
                      <TableCell key={f.id} align="right" data-testid="aggregate" sx={{ fontWeight: 600, bgcolor: 'grey.50' }}>
                        {n == null ? '' : n.toFixed(2)}
                      </TableCell>
                    );
                  }
                  const v = r.values.find((c) => c.fieldId === f.id)?.value ?? '';
                  const error = valueError(v, { numeric: isNumericKeyboard(f.keyboardType) });
                  return (
                    <TableCell key={f.id} align="right" sx={{ minWidth: 90 }}>
                      <TextField size="small" value={v} disabled={disabled} error={!!error} title={error ?? undefined}
                        slotProps={{ htmlInput: { 'aria-label': `${r.title || 'Row'} ${f.title}`, 'aria-invalid': !!error, inputMode: isNumericKeyboard(f.keyboardType) ? 'decimal' : undefined, maxLength: 200, style: { textAlign: isNumericKeyboard(f.keyboardType) ? 'right' : 'left' } } }}
                        onChange={(e) => setCell(r.id, f.id, e.target.value)} />
                    </TableCell>
                  );
                })}
                {ownRows && !disabled && (
                  <TableCell>
                    <IconButton aria-label={`Remove row ${r.title}`} disabled={disabled} onClick={() => setRows(value.rows.filter((x) => x.id !== r.id))}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {invalid && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {EDIT_TEXT.notNumeric}
        </Typography>
      )}
      {ownRows && !disabled && (
        <Button startIcon={<AddIcon />} onClick={addRow} disabled={value.rows.length >= EDIT_LIMITS.tableRows} sx={{ mt: 1 }}>
          Add row
        </Button>
      )}
    </Box>
  );
}
