import Box from '@mui/material/Box';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { AutosaveState } from './useAutosave';
import { AUDIT_TEXT } from './texts';

/** 000 §2.6: (*) while unsaved — grey while the 1 s runs, black once the save is due (in flight or failed). */
export function SaveMarker({ state }: { state: AutosaveState }) {
  if (state === 'saved') return null;
  const due = state === 'due';
  return (
    <Box component="span" data-testid="save-marker" data-state={state} title={due ? AUDIT_TEXT.saving : AUDIT_TEXT.unsaved}
      sx={{ ml: 0.75, fontWeight: 700, color: due ? '#000' : 'text.secondary' }}>
      (*)
      <VisuallyHidden>{` ${due ? AUDIT_TEXT.saving : AUDIT_TEXT.unsaved}`}</VisuallyHidden>
    </Box>
  );
}
