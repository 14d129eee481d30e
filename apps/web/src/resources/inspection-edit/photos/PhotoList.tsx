import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EDIT_LIMITS } from '@insp/contracts';
import type { PhotoValue } from '../formValues';
import { useLocalImages } from './localImages';
import { PhotoDrop } from './PhotoDrop';
import { PhotoItem } from './PhotoItem';
import { EDIT_TEXT } from '../texts';

/**
 * The photos of a point or a finding. A new photo is held locally (a 'local:' marker in the form) and uploaded
 * when the form is saved (000 §4), so an abandoned edit leaves nothing on the server.
 */
export function PhotoList({ value, onChange, label, disabled, max = EDIT_LIMITS.photosPerResult }: {
  value: PhotoValue[];
  onChange(next: PhotoValue[]): void;
  /** What the photos belong to, for the buttons' accessible names. */
  label: string;
  disabled?: boolean;
  max?: number;
}) {
  const local = useLocalImages();
  const add = (file: File) => onChange([...value, { imageId: local.add(file, file.name), caption: '', layout: 'Default' }]);
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h4">
        Photos
      </Typography>
      {value.map((p, i) => (
        <PhotoItem
          // By position: an autosave (audit editor) swaps a local photo's marker for its uploaded id, and the
          // caption being typed must keep its focus. The items are controlled, so a removal just shifts values.
          key={i}
          photo={p}
          n={i + 1}
          disabled={disabled}
          onChange={(next) => onChange(value.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(value.filter((_, j) => j !== i))}
        />
      ))}
      {/* read-only: the photos, without a way to add one (issue 20) */}
      {disabled ? (value.length ? null : <Typography color="text.secondary" variant="body2">{EDIT_TEXT.noPhotos}</Typography>)
        : <PhotoDrop label={label} onPhoto={add} disabled={value.length >= max} />}
    </Stack>
  );
}
