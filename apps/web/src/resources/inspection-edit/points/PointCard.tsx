import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import type { TEditPointConfig } from '@insp/contracts';
import type { EditValues } from '../formValues';
import { PhotoList } from '../photos/PhotoList';
import { EDIT_TEXT } from '../texts';
import { validatePoint } from '../validation';
import { CommentFields } from './CommentFields';
import { NotApplicable } from './NotApplicable';
import { PointBody } from './PointBody';
import { RatingInput } from './RatingInput';

export type ContentPath = `categories.${number}.points.${number}.content` | `extraPoints.${number}.content`;

/**
 * One inspection point: its name, the not-applicable tick, its kind's inputs (disabled while not applicable),
 * a rename where allowed, rating, comments and photos, each where the point's configuration has the field.
 */
export function PointCard({ path, config }: { path: ContentPath; config: TEditPointConfig }) {
  const { field, fieldState } = useController<EditValues, ContentPath>({ name: path, rules: { validate: (c) => validatePoint(config, c) } });
  const value = field.value;
  const onChange = field.onChange as (next: typeof value) => void;
  const label = value.nameOverride || config.name;
  const na = value.rating === 'NotApplicable';
  const common = { config, value, onChange, label };
  return (
    <Paper variant="outlined" component="section" aria-label={label} data-testid="point" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h3" component="h4" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {label}
            </Typography>
            {config.description && (
              <Typography variant="body2" color="text.secondary">
                {config.description}
              </Typography>
            )}
            {!config.inspectionPointId && (
              <Typography variant="body2" color="error">
                {EDIT_TEXT.pointNotFound}
              </Typography>
            )}
          </Box>
          <NotApplicable {...common} />
        </Box>
        {config.inspectionPointId && <PointBody {...common} disabled={na} />}
        {config.nameOverridable && (
          <TextField size="small" label="Name in the report" value={value.nameOverride} slotProps={{ htmlInput: { maxLength: 500 } }}
            onChange={(e) => onChange({ ...value, nameOverride: e.target.value })} sx={{ maxWidth: 480 }} />
        )}
        {config.ratingField.present && <RatingInput {...common} />}
        <CommentFields {...common} />
        {config.photoField.present && <PhotoList label={label} value={value.photos} onChange={(photos) => onChange({ ...value, photos })} />}
        {fieldState.error && (
          <Typography role="alert" variant="body2" color="error">
            {fieldState.error.message}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
