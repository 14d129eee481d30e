import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TEditPointConfig } from '@insp/contracts';
import type { ContentValue } from '../formValues';
import { PhotoList } from '../photos/PhotoList';
import { EDIT_TEXT } from '../texts';
import { CommentFields } from './CommentFields';
import { NotApplicable } from './NotApplicable';
import { PointBody } from './PointBody';
import { RatingInput } from './RatingInput';

/**
 * One inspection point, controlled: its name, the not-applicable tick, its kind's inputs (disabled while not
 * applicable), a rename where allowed, rating, comments and photos, each where the point's configuration has the
 * field. The report edit form binds it to its form (PointCard); the audit editor autosaves each change.
 */
export function PointEntry({ config, value, onChange, error, status, notice, readOnly = false }: {
  config: TEditPointConfig;
  value: ContentValue;
  onChange(next: ContentValue): void;
  error?: string;
  /** Shown beside the name (the audit editor's save marker). */
  status?: ReactNode;
  /** Shown under the name: someone else changed this point too (issue 23, edit-conflicts). */
  notice?: ReactNode;
  /**
   * Nothing may change (a finished audit). A surrounding <fieldset disabled> stops native inputs only; MUI selects
   * and photo drops are not native, so they are disabled here and every change is ignored besides.
   */
  readOnly?: boolean;
}) {
  const label = value.nameOverride || config.name;
  const na = value.rating === 'NotApplicable';
  const common = { config, value, onChange: readOnly ? () => {} : onChange, label };
  return (
    <Paper variant="outlined" component="section" aria-label={label} data-testid="point" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h3" component="h4" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {label}
              {status}
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
          <NotApplicable {...common} readOnly={readOnly} />
        </Box>
        {notice}
        {config.inspectionPointId && <PointBody {...common} disabled={na || readOnly} />}
        {config.nameOverridable && (
          <TextField size="small" label="Name in the report" value={value.nameOverride} disabled={readOnly} slotProps={{ htmlInput: { maxLength: 500 } }}
            onChange={(e) => common.onChange({ ...value, nameOverride: e.target.value })} sx={{ maxWidth: 480 }} />
        )}
        {config.ratingField.present && <RatingInput {...common} readOnly={readOnly} />}
        <CommentFields {...common} readOnly={readOnly} />
        {config.photoField.present && <PhotoList label={label} value={value.photos} disabled={readOnly} onChange={(photos) => common.onChange({ ...value, photos })} />}
        {error && (
          <Typography role="alert" variant="body2" color="error">
            {error}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
