import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { PhotoLayouts, type PhotoLayout } from '@insp/contracts';
import { isLocalImage, type PhotoValue } from '../formValues';
import { EDIT_TEXT } from '../texts';
import { useImageUrl } from './useImageUrl';

/** 000 §2.6: report-preview images are shown at 300 by 200 px. */
export const PREVIEW = { width: 300, height: 200 };

/** One photo: its preview, caption and layout (Default, HorizontalGraph, Fullscreen), and a remove button. */
export function PhotoItem({ photo, n, onChange, onRemove, disabled }: {
  photo: PhotoValue;
  n: number;
  onChange(next: PhotoValue): void;
  onRemove(): void;
  disabled?: boolean;
}) {
  const url = useImageUrl(photo.imageId);
  const name = photo.caption || `Photo ${n}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }} data-testid="photo-item">
      <Box sx={{ width: PREVIEW.width, height: PREVIEW.height, maxWidth: '100%', bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden', position: 'relative', flex: 'none' }}>
        {url && <Box component="img" src={url} alt={name} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />}
        {isLocalImage(photo.imageId) && (
          <Typography variant="caption" sx={{ position: 'absolute', left: 0, bottom: 0, px: 1, bgcolor: 'rgba(255,255,255,0.9)' }}>
            {EDIT_TEXT.notUploaded}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flex: '1 1 220px', minWidth: 200 }}>
        <TextField size="small" label={EDIT_TEXT.caption} value={photo.caption} disabled={disabled} slotProps={{ htmlInput: { maxLength: 500 } }} onChange={(e) => onChange({ ...photo, caption: e.target.value })} />
        <TextField select size="small" label={EDIT_TEXT.layout} value={photo.layout} disabled={disabled} onChange={(e) => onChange({ ...photo, layout: e.target.value as PhotoLayout })}>
          {PhotoLayouts.map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!disabled && (
        <IconButton aria-label={`${EDIT_TEXT.removePhoto} ${name}`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      )}
    </Box>
  );
}
