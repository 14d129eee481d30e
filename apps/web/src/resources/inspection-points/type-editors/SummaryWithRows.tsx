import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TInspectionPointWrite } from '@insp/contracts';
import { AGGREGATION_DIRECTION_LABELS, AGGREGATION_LABELS, KEYBOARD_LABELS } from '../option-labels';
import { limitsValid, setAggregationDirection, tableProblems } from '../rules';
import { nextIndex, tempId, type TypeEditorModule, type TypeEditorProps } from '../typeEditor';
import { ItemList } from './ItemList';
import { LimitsEditor } from './LimitsEditor';
import { UnitSelect, Visualization } from './Measurement';

type Field = NonNullable<TInspectionPointWrite['fields']>[number];
type Row = NonNullable<TInspectionPointWrite['rows']>[number];
type Dataset = NonNullable<TInspectionPointWrite['visualizationDatasets']>[number];

const newField = (items: Field[]): Field => ({ id: tempId(), index: nextIndex(items), title: '', keyboardType: 'default', inspectionPointFieldAggregation: 'No' });
const newRow = (items: Row[]): Row => ({ id: tempId(), index: nextIndex(items), title: '', inspectionPointRowAggregation: 'No' });

/** A choice among stored values, each shown by its label. */
function Select<T extends string>(props: { label: string; value: T; labels: Record<T, string>; onChange: (v: T) => void; disabled?: boolean }) {
  return (
    <TextField select size="small" label={props.label} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value as T)}>
      {(Object.keys(props.labels) as T[]).map((o) => <MenuItem key={o} value={o}>{props.labels[o]}</MenuItem>)}
    </TextField>
  );
}

/**
 * Table point (001 §2 SummaryWithRows, §4, §5): measurement title, unit, measurement limits (the Summary-type
 * extras of 001 §4 carry them; issue 19), field title, fields (columns) and rows,
 * the aggregation direction (Row lets fields aggregate, Column lets rows aggregate; changing it clears what it no
 * longer allows) and an optional line chart whose datasets are a row or a column.
 */
function TableEditor(props: TypeEditorProps) {
  const { value, onChange, disabled } = props;
  const fields = (value.fields ?? []) as Field[];
  const rows = (value.rows ?? []) as Row[];
  const datasets = (value.visualizationDatasets ?? []) as Dataset[];
  const dir = value.inspectionPointAggregationDirection ?? 'No';
  const fieldAgg = dir === 'Row' || dir === 'Both';
  const rowAgg = dir === 'Column' || dir === 'Both';
  const problems = tableProblems(value);
  const lineOpts = [
    ...rows.map((r, i) => ({ id: `row:${r.id}`, label: `Row ${i + 1}${r.title ? `: ${r.title}` : ''}` })),
    ...fields.map((f, i) => ({ id: `col:${f.id}`, label: `Column ${i + 1}${f.title ? `: ${f.title}` : ''}` })),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField size="small" label="Measurement title" value={value.measurementTitle ?? ''} disabled={disabled} onChange={(e) => onChange({ measurementTitle: e.target.value })} />
        <UnitSelect value={value.measurementUnitId} disabled={disabled} onChange={(measurementUnitId) => onChange({ measurementUnitId })} />
        <TextField size="small" label="Field title" value={value.fieldTitle ?? ''} disabled={disabled} onChange={(e) => onChange({ fieldTitle: e.target.value })} />
        <Select label="Aggregation direction" value={dir} labels={AGGREGATION_DIRECTION_LABELS} disabled={disabled} onChange={(d) => onChange(setAggregationDirection(value, d))} />
      </Box>
      <LimitsEditor value={value.measurementLimits ?? []} disabled={disabled} onChange={(measurementLimits) => onChange({ measurementLimits })} />
      <ItemList title="Fields (columns)" noun="field" items={fields} disabled={disabled} newItem={() => newField(fields)} onChange={(f) => onChange({ fields: f })}
        render={(f, i, set) => (
          <>
            <TextField size="small" label={`Field ${i + 1} title`} value={f.title ?? ''} disabled={disabled} error={!f.title?.trim()} onChange={(e) => set({ title: e.target.value })} />
            <Select label="Keyboard type" value={f.keyboardType ?? 'default'} labels={KEYBOARD_LABELS} disabled={disabled} onChange={(keyboardType) => set({ keyboardType })} />
            <Select label="Aggregation" value={f.inspectionPointFieldAggregation ?? 'No'} labels={AGGREGATION_LABELS} disabled={disabled || !fieldAgg} onChange={(a) => set({ inspectionPointFieldAggregation: a })} />
          </>
        )} />
      <ItemList title="Rows" noun="row" items={rows} disabled={disabled} newItem={() => newRow(rows)} onChange={(r) => onChange({ rows: r })}
        render={(r, i, set) => (
          <>
            <TextField size="small" label={`Row ${i + 1} title`} value={r.title ?? ''} disabled={disabled} onChange={(e) => set({ title: e.target.value })} />
            <Select label="Aggregation" value={r.inspectionPointRowAggregation ?? 'No'} labels={AGGREGATION_LABELS} disabled={disabled || !rowAgg} onChange={(a) => set({ inspectionPointRowAggregation: a })} />
          </>
        )} />
      {problems.length ? <Alert severity="warning">{problems.join(' ')}</Alert> : null}
      <Visualization {...props} />
      {value.visualizationType === 'LineChart' ? (
        <ItemList title="Chart datasets" noun="dataset" items={datasets} disabled={disabled} onChange={(d) => onChange({ visualizationDatasets: d })}
          newItem={() => ({ id: tempId(), name: '', rowId: null, columnId: null })}
          render={(d, i, set) => (
            <>
              <TextField size="small" label={`Dataset ${i + 1} name`} value={d.name ?? ''} disabled={disabled} onChange={(e) => set({ name: e.target.value })} />
              <TextField select size="small" label="Row or column" disabled={disabled}
                value={d.rowId ? `row:${d.rowId}` : d.columnId ? `col:${d.columnId}` : ''}
                onChange={(e) => {
                  const v = e.target.value;
                  set(v.startsWith('row:') ? { rowId: v.slice(4), columnId: null } : { columnId: v.slice(4), rowId: null });
                }}>
                {lineOpts.map((o) => <MenuItem key={o.id} value={o.id}>{o.label}</MenuItem>)}
              </TextField>
            </>
          )} />
      ) : null}
    </Box>
  );
}

/**
 * Starts with 1 field and 1 row (001 §2). The table check of 001 §5 stays a hint (the save uses only name and
 * category there); limits that are not numbers or out of order block the save as in the measurement editor (issue 19).
 */
export const summaryWithRowsEditor: TypeEditorModule = {
  Editor: TableEditor,
  initial: () => ({ fields: [newField([])], rows: [newRow([])] }),
  isValid: limitsValid,
};
/** Summary: like the table editor (its own check is not shown in the spec), limits included. */
export const summaryEditor: TypeEditorModule = { Editor: TableEditor, initial: () => ({ fields: [newField([])], rows: [newRow([])] }), isValid: limitsValid };
