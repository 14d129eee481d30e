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
import { cellKey, computeTable, EDIT_LIMITS, LIMIT_MARKS, limitState, parseNumeric, type LimitState } from '@insp/contracts';
import { limitsText, STATE_TEXT } from './MeasurementPoint';
import type { TableRow as Row } from '../formValues';
import { isNumericKeyboard, valueError } from '../validation';
import { EDIT_TEXT } from '../texts';
import type { PointKindProps } from './types';
import { PREVIOUS_TEXT, PreviousTable, previousCells, usePreviousValue } from './previous';

/**
 * Tables (Summary, SummaryWithRows, MeasurementsWithPicture): typed cells, and Average/Sum/Min/Max/Diff cells
 * computed live from the other numeric cells to 2 decimals and read-only (000 §2.6), with the same arithmetic as
 * the report (contracts point-math.ts). Only a table whose library has no rows (MeasurementsWithPicture) takes rows here.
 * Issue 20: the point's limits are shown with the table, and a cell past one is marked while it is typed, as the
 * report marks it (▲/▼, critical doubled, explained under the table); a refused value stays in its cell, marked.
 * Issue 23: in the report edit form each typed cell says under it what the machine's previous inspection recorded
 * there (aggregates are not repeated: they follow from the cells), and a line says which inspection that was; a
 * table none of whose cells has one lists the earlier rows instead (PreviousTable).
 */
export function TablePoint({ config, value, onChange, disabled, label }: PointKindProps) {
  const ownRows = config.rows.length === 0;
  const previous = usePreviousValue(config.inspectionPointId);
  const previousOf = previousCells(previous, ownRows);
  const shownInCells = value.rows.some((r) => config.fields.some((f) => f.inspectionPointFieldAggregation === 'No' && r.inspectionPointRowAggregation === 'No' && previousOf(r, f.id) != null));
  const computed = computeTable({
    fields: config.fields.map((f) => ({ id: f.id, aggregation: f.inspectionPointFieldAggregation })),
    rows: value.rows.map((r) => ({ id: r.id, aggregation: r.inspectionPointRowAggregation })),
    values: value.rows.flatMap((r) => r.values),
  });
  const numericField = new Map(config.fields.map((f) => [f.id, isNumericKeyboard(f.keyboardType)]));
  const invalid = value.rows.some((r) => r.values.some((c) => valueError(c.value, { numeric: !!numericField.get(c.fieldId) })));
  const setRows = (rows: Row[]) => onChange({ ...value, rows });
  const past = new Set<Exclude<LimitState, 'ok'>>();
  const stateOf = (n: number | null | undefined) => {
    const state = limitState(n ?? null, config.limits);
    if (!state || state === 'ok') return null;
    past.add(state);
    return state;
  };
  const limits = limitsText(config.limits, config.unitValue);
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
      {limits && <Typography variant="body2" color="text.secondary" data-testid="table-limits">{limits}</Typography>}
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
                    const state = stateOf(n);
                    return (
                      <TableCell key={f.id} align="right" data-testid="aggregate" data-limit={state ?? undefined} sx={{ fontWeight: 600, bgcolor: 'grey.50' }}>
                        {n == null ? '' : n.toFixed(2)}
                        <CellMark state={state} />
                      </TableCell>
                    );
                  }
                  const v = r.values.find((c) => c.fieldId === f.id)?.value ?? '';
                  const error = valueError(v, { numeric: isNumericKeyboard(f.keyboardType) });
                  const state = error || !isNumericKeyboard(f.keyboardType) ? null : stateOf(parseNumeric(v));
                  const prev = previousOf(r, f.id);
                  return (
                    <TableCell key={f.id} align="right" data-limit={state ?? undefined} sx={{ minWidth: 90, whiteSpace: 'nowrap' }}>
                      <TextField size="small" value={v} disabled={disabled} error={!!error} title={error ?? undefined} helperText={error ? EDIT_TEXT.notNumericShort : prev ? PREVIOUS_TEXT.cell(prev) : undefined}
                        sx={{ width: 110, verticalAlign: 'top' }}
                        slotProps={{ htmlInput: { 'aria-label': `${r.title || 'Row'} ${f.title}`, 'aria-invalid': !!error, inputMode: isNumericKeyboard(f.keyboardType) ? 'decimal' : undefined, maxLength: 200, style: { textAlign: isNumericKeyboard(f.keyboardType) ? 'right' : 'left' } },
                          // a previous value stays readable on a disabled point (MUI's disabled grey fails axe's contrast rule)
                          formHelperText: { sx: { mx: 0.5, whiteSpace: 'normal', '&.Mui-disabled': { color: 'text.secondary' } } } }}
                        onChange={(e) => setCell(r.id, f.id, e.target.value)} />
                      <CellMark state={state} />
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
      <PreviousTable previous={previous} fields={config.fields} shownInCells={shownInCells} />
      {invalid && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          {EDIT_TEXT.notNumeric}
        </Typography>
      )}
      {[...past].map((state) => (
        <Typography key={state} variant="body2" color={critical(state) ? 'error' : 'warning.dark'} data-testid="limit-state">
          {LIMIT_MARKS[state]} {STATE_TEXT[state]}
        </Typography>
      ))}
      {ownRows && !disabled && (
        <Button startIcon={<AddIcon />} onClick={addRow} disabled={value.rows.length >= EDIT_LIMITS.tableRows} sx={{ mt: 1 }}>
          Add row
        </Button>
      )}
    </Box>
  );
}

const critical = (state: LimitState) => state === 'criticalLow' || state === 'criticalHigh';

/** ▲ beside a cell past a limit (the report's mark); its words are said under the table and to a screen reader here. */
function CellMark({ state }: { state: Exclude<LimitState, 'ok'> | null }) {
  if (!state) return null;
  return (
    <Typography component="span" role="img" aria-label={STATE_TEXT[state]} title={STATE_TEXT[state]} data-testid="cell-mark"
      sx={{ ml: 0.5, fontWeight: 700, color: critical(state) ? 'error.main' : 'warning.dark' }}>
      {LIMIT_MARKS[state]}
    </Typography>
  );
}
