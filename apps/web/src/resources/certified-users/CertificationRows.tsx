import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { newCertificationRow, type CertificationRow } from './certifications';

interface Props {
  rows: CertificationRow[];
  families: Array<{ id: string; name: string }>;
  errors: Record<string, string>;
  onChange(rows: CertificationRow[]): void;
}

/** The certification rows of the dialog: product family, certification date, expiration date; add and remove. */
export function CertificationRows({ rows, families, errors, onChange }: Props) {
  const set = (i: number, patch: Partial<CertificationRow>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Certifications
      </Typography>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No certifications
        </Typography>
      )}
      {rows.map((r, i) => (
        <Box key={r.id} data-testid="certification-row" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label="Product family"
            value={r.productFamilyId}
            onChange={(e) => set(i, { productFamilyId: e.target.value })}
            error={!!errors[`certifications.${i}.productFamilyId`]}
            helperText={errors[`certifications.${i}.productFamilyId`]}
            sx={{ minWidth: 200 }}
          >
            {families.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label="Certification date"
            value={r.certificationDate}
            onChange={(e) => set(i, { certificationDate: e.target.value })}
            error={!!errors[`certifications.${i}.certificationDate`]}
            helperText={errors[`certifications.${i}.certificationDate`]}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="Expiration date"
            value={r.expirationDate}
            onChange={(e) => set(i, { expirationDate: e.target.value })}
            error={!!errors[`certifications.${i}.expirationDate`]}
            helperText={errors[`certifications.${i}.expirationDate`]}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <IconButton aria-label="Remove certification" onClick={() => onChange(rows.filter((_, k) => k !== i))}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button size="small" onClick={() => onChange([...rows, newCertificationRow()])}>
          Add certification
        </Button>
      </Box>
    </Box>
  );
}
