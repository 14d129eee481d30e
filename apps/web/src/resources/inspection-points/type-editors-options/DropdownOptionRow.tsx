import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import { useImageUrl } from '../../../pages/protocol-view/useImageUrl';
import { canBatchUpdate, isLocked, LOCKED_TOOLTIP } from './dropdowns';
import { FollowUpEditor } from './fields';
import type { TDropdownIn, TDropdownOptionIn } from './types';
import { isPending, uploadLabel, type OptionImage } from './useOptionImages';

interface Props {
  position: number;
  dropdown: TDropdownIn;
  option: TDropdownOptionIn;
  image: OptionImage | undefined;
  disabled?: boolean;
  onImage(file: File): void;
  onRemoveImage(): void;
  batchUpdate?: () => void;
  onChange(patch: Partial<TDropdownOptionIn>): void;
  onRemove(): void;
}

/** 001 §9: tooltips show after 500 ms and hide after 200 ms. */
export const TOOLTIP_DELAYS = { enterDelay: 500, enterNextDelay: 500, leaveDelay: 200 } as const;

/**
 * One dropdown option: title, image (uploaded at once, with its state), follow-up value, batch update. An option
 * locked by a pending batch update is read-only; one whose image is uploading is covered by a loading overlay.
 */
export function DropdownOptionRow({ position, dropdown, option: o, image, disabled, onImage, onRemoveImage, batchUpdate, onChange, onRemove }: Props) {
  const locked = isLocked(o);
  const off = disabled || locked;
  const pending = isPending(image?.upload);
  const label = `Option ${position}`;
  return (
    <Box role="group" aria-label={label} aria-busy={pending || undefined} sx={{ position: 'relative', borderLeft: 3, borderColor: 'divider', pl: 1.5, py: 0.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {locked && (
          <Tooltip title={LOCKED_TOOLTIP} {...TOOLTIP_DELAYS}>
            <LockIcon color="action" aria-label={LOCKED_TOOLTIP} aria-hidden={false} role="img" tabIndex={0} />
          </Tooltip>
        )}
        <TextField size="small" label="Option title" value={o.title ?? ''} disabled={off} onChange={(e) => onChange({ title: e.target.value })} fullWidth={false} sx={{ flex: '1 1 200px' }} />
        <OptionThumb option={o} image={image} />
        <Button component="label" size="small" variant="outlined" disabled={off || pending}>
          {o.imageId || image ? 'Replace image' : 'Add image'}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg"
            aria-label={`Image of option ${position}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onImage(file);
            }}
          />
        </Button>
        {(o.imageId || image) && (
          <Button size="small" disabled={off || pending} onClick={onRemoveImage}>
            Remove image
          </Button>
        )}
        {image && (
          <Typography variant="body2" role="status" color={image.upload.state === 'Error' ? 'error' : 'text.secondary'}>
            {uploadLabel(image.upload)}
          </Typography>
        )}
        {batchUpdate && canBatchUpdate(dropdown, o) && (
          <Button size="small" disabled={disabled} onClick={batchUpdate}>
            Batch update
          </Button>
        )}
        <IconButton aria-label={`Remove option ${position}`} disabled={off} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Box>
      <FollowUpEditor value={o.followUpRangeValue} disabled={off} onChange={(f) => onChange({ followUpRangeValue: f })} />
      {pending && (
        <Box
          data-testid="option-image-overlay"
          sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(255,255,255,0.7)', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, zIndex: 1 }}
        >
          <CircularProgress size={24} aria-label={`Uploading the image of option ${position}`} />
          <Typography variant="body2">{uploadLabel(image!.upload)}</Typography>
        </Box>
      )}
    </Box>
  );
}

function OptionThumb({ option, image }: { option: TDropdownOptionIn; image: OptionImage | undefined }) {
  // A saved image: its signed link when the server gave one, else fetched with the token.
  const fetched = useImageUrl(!image && !option.imageUrl ? (option.imageId ?? null) : null);
  const src = image?.previewUrl ?? option.imageUrl ?? fetched;
  if (!src || (!option.imageId && !image)) return null;
  return <Box component="img" src={src} alt={`Image of ${option.title || 'the option'}`} sx={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 0.5 }} />;
}
