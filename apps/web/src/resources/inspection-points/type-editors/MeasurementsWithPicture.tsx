import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TInspectionPointWrite } from '@insp/contracts';
import { tempId, type TypeEditorModule, type TypeEditorProps } from '../typeEditor';

type Field = NonNullable<TInspectionPointWrite['fields']>[number];

function PictureEditor({ value, onChange, disabled }: TypeEditorProps) {
  const fields = (value.fields ?? []) as Field[];
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {fields.map((f, i) => (
        <TextField key={f.id ?? i} size="small" required label={`Field ${i + 1} title`} value={f.title ?? ''} disabled={disabled} error={!f.title?.trim()}
          onChange={(e) => onChange({ fields: fields.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) })} />
      ))}
    </Box>
  );
}

/** Four measurement titles over a picture (001 §2): starts with 4 empty fields; all four are required (001 §5). */
export const measurementsWithPictureEditor: TypeEditorModule = {
  Editor: PictureEditor,
  initial: () => ({ fields: [0, 1, 2, 3].map((index) => ({ id: tempId(), index, title: '', keyboardType: 'decimal-pad' as const, inspectionPointFieldAggregation: 'No' as const })) }),
  isValid: (v) => (v.fields ?? []).length === 4 && (v.fields ?? []).every((f) => !!f.title?.trim()),
};
