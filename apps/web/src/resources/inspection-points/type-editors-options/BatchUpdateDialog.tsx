import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDropdownBatchUpdate } from '@insp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { TOUCH_LABEL } from './fields';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { shownMessage } from '../../../lib/errors';
import { similarOptionsFilter, similarOptionsQuery, startBatchUpdate, useBatchUpdateStatus } from './api';
import { CLOSE_WARNING, isLockedSimilar, selectionKey, toggleAll } from './batchSelection';
import { LOCKED_TOOLTIP } from './dropdowns';
import { TOOLTIP_DELAYS } from './DropdownOptionRow';

interface Props {
  dropdownId: string;
  dropdownTitle: string;
  optionId: string;
  optionTitle: string;
  onClose(): void;
}

/**
 * 'Batch update' (001 §2): similar options of other dropdowns, each with its point, dropdown and option name.
 * Saving copies this option's saved title and follow-up value onto the selected ones (images are not copied);
 * options locked by another pending batch update cannot be selected.
 */
export function BatchUpdateDialog({ dropdownId, dropdownTitle, optionId, optionTitle, onClose }: Props) {
  const similar = useQuery(similarOptionsQuery(dropdownId, optionId));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmClose, setConfirmClose] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<TDropdownBatchUpdate | null>(null);
  const queryClient = useQueryClient();
  const options = similar.data ?? [];
  const status = useBatchUpdateStatus(done?.batchUpdateId ?? null).data?.status ?? done?.status;

  // 001 §7: a failed similar-options fetch is only logged.
  useEffect(() => {
    if (similar.error) console.warn('similar dropdown options could not be loaded', similar.error);
  }, [similar.error]);

  const close = () => (selected.size ? setConfirmClose(true) : onClose());
  const flip = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const selections = options.filter((s) => selected.has(selectionKey(s))).map((s) => ({ dropdownId: s.dropdownId, optionId: s.option.id }));
      setDone(await startBatchUpdate({ sourceDropdownId: dropdownId, sourceOptionId: optionId, selections }));
      setSelected(new Set());
      await queryClient.invalidateQueries(similarOptionsFilter());
    } catch (err) {
      setError(shownMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="batch-update-title">
      <DialogTitle id="batch-update-title">Batch update</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>
          Copies the saved title '{optionTitle}' and the follow-up value of this option of '{dropdownTitle}' onto the options you select.
        </DialogContentText>
        <Alert severity="info" sx={{ mb: 1 }}>
          This feature does not work for images: images are not batch-updated.
        </Alert>
        {similar.isLoading && <Typography>Loading similar options...</Typography>}
        {!similar.isLoading && !options.length && <Typography>No similar options found.</Typography>}
        <Box role="list" aria-label="Similar options" sx={{ display: 'flex', flexDirection: 'column' }}>
          {options.map((s) => {
            const key = selectionKey(s);
            const locked = isLockedSimilar(s);
            const row = (
              <FormControlLabel sx={TOUCH_LABEL}
                disabled={locked || saving}
                control={<Checkbox checked={selected.has(key)} onChange={() => flip(key)} />}
                label={
                  <span>
                    <strong>{s.inspectionPointName}</strong> · {s.dropdownName} · {s.option.title}
                  </span>
                }
              />
            );
            return (
              <Box role="listitem" key={key}>
                {locked ? (
                  <Tooltip title={LOCKED_TOOLTIP} {...TOOLTIP_DELAYS}>
                    <span data-locked="true">{row}</span>
                  </Tooltip>
                ) : (
                  row
                )}
              </Box>
            );
          })}
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity={status === 'failed' ? 'error' : 'success'} sx={{ mt: 1 }} role="status">
            {status === 'done' ? 'Batch update done: ' : status === 'failed' ? 'Batch update failed: ' : 'Batch update saved: '}
            {done.optionIds.length} option{done.optionIds.length === 1 ? '' : 's'} {status === 'done' ? 'updated' : 'will be updated'}
            {done.skipped.length ? `, ${done.skipped.length} skipped (already being updated)` : ''}.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setSelected(toggleAll(options, selected))} disabled={saving || !options.some((s) => !isLockedSimilar(s))}>
          Toggle all
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={close}>Close</Button>
        <Button variant="contained" onClick={save} disabled={saving || !selected.size}>
          Save
        </Button>
      </DialogActions>
      <Dialog open={confirmClose} onClose={() => setConfirmClose(false)} aria-labelledby="batch-close-title">
        <DialogTitle id="batch-close-title">Close batch update?</DialogTitle>
        <DialogContent>
          <DialogContentText>{CLOSE_WARNING}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClose(false)}>Keep selecting</Button>
          <Button color="warning" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
