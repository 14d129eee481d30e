import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { TProtocolFit } from '@insp/contracts';
import type { FieldProps } from './fieldProps';
import { FIT_LABEL, TEXT } from './texts';

/**
 * Step 3: the protocols that fit the machine, best fit first (protocolFit.sortedByFit), each saying why it fits.
 * Each choice is a whole row, so it is an easy target on a tablet.
 */
export function ProtocolStep({ form, change, touch, shown, protocols }: FieldProps & { protocols: TProtocolFit[] | null | 'loading' }) {
  if (protocols === null) return <Typography color="text.secondary">{TEXT.protocolsFirst}</Typography>;
  if (protocols === 'loading') return <Typography color="text.secondary">{TEXT.loading}</Typography>;
  if (protocols.length === 0) return <Typography color="text.secondary">{TEXT.noProtocols}</Typography>;
  return (
    <Box>
      <RadioGroup
        aria-label={TEXT.protocol}
        aria-describedby={shown.protocolId ? 'protocol-problem' : undefined}
        value={form.protocolId ?? ''}
        onChange={(e) => change({ protocolId: e.target.value })}
        onBlur={() => touch('protocolId')}
      >
        {protocols.map((p) => (
          <FormControlLabel
            key={p.id}
            value={p.id}
            data-testid="protocol-choice"
            control={<Radio />}
            sx={{ m: 0, minHeight: 56, borderBottom: 1, borderColor: 'divider', pr: 1, '& .MuiFormControlLabel-label': { flex: 1 } }}
            label={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography>{p.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.type.replace(/_/g, ' ')}
                  </Typography>
                </Box>
                <Chip size="small" variant="outlined" color={p.fit === 'Any' ? 'default' : 'primary'} label={FIT_LABEL[p.fit]} />
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {shown.protocolId && (
        <FormHelperText error id="protocol-problem">
          {shown.protocolId}
        </FormHelperText>
      )}
    </Box>
  );
}
