import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TypeEditorProps } from '../typeEditor';
import { BatchUpdateDialog } from './BatchUpdateDialog';
import { DropdownCard } from './DropdownCard';
import { newDropdown } from './dropdowns';
import type { TDropdownIn, TDropdownOptionIn } from './types';
import { useOptionImages } from './useOptionImages';

/**
 * Dropdowns of a point (001 §2 'Dropdown'). Option images upload as soon as they are chosen; while any is
 * pending, 'Add new dropdown' is disabled and the option shows a loading overlay.
 */
export function DropdownEditor({ value, onChange, disabled, mode, onBusy }: TypeEditorProps) {
  const list = value.dropdowns ?? [];
  // An upload answers later: its image id goes onto the option as the form holds it then, not as it was.
  const latest = useRef(list);
  latest.current = list;
  const setList = (dropdowns: TDropdownIn[]) => onChange({ dropdowns });
  const images = useOptionImages((optionId, imageId) =>
    setList(latest.current.map((d) => ({ ...d, options: (d.options ?? []).map((o) => (o.id === optionId ? { ...o, imageId, imageUrl: null } : o)) }))),
  );
  // Saving now would store the option without its image: the form's Save waits.
  useEffect(() => {
    onBusy?.(images.anyPending);
  }, [images.anyPending, onBusy]);
  const [batch, setBatch] = useState<{ dropdown: TDropdownIn; option: TDropdownOptionIn } | null>(null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {list.map((d, i) => (
        <DropdownCard
          key={d.id ?? i}
          position={i + 1}
          dropdown={d}
          disabled={disabled}
          images={images}
          batchUpdates={mode === 'edit'}
          onBatchUpdate={(option) => setBatch({ dropdown: d, option })}
          onChange={(next) => setList(list.map((x, j) => (j === i ? next : x)))}
          onRemove={() => setList(list.filter((_, j) => j !== i))}
        />
      ))}
      {images.anyPending && (
        <Alert severity="info" role="status">
          An option image is still uploading: Save is available again once it is done.
        </Alert>
      )}
      <Button sx={{ alignSelf: 'flex-start' }} variant="outlined" disabled={disabled || images.anyPending} onClick={() => setList([...list, newDropdown(list)])}>
        Add new dropdown
      </Button>
      {batch && (
        <BatchUpdateDialog
          dropdownId={batch.dropdown.id!}
          dropdownTitle={batch.dropdown.title ?? ''}
          optionId={batch.option.id!}
          optionTitle={batch.option.title ?? ''}
          onClose={() => setBatch(null)}
        />
      )}
    </Box>
  );
}
