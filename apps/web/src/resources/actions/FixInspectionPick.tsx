import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../providers/trpc';
import { formatDate } from '../../lib/dates';
import { touchItem } from '../../pages/start-inspection/touch';
import { ACTION_TEXT } from './texts';

/**
 * The Close dialog's optional 'Inspection that shows the fix': actions.fixCandidates, the finished reports of the
 * action's machine dated on or after the finding one (newest first, at most 20), as date and name: the date first,
 * since a long report name is cut at the field's width and the date tells the reports of one machine apart.
 */
export function FixInspectionPick({ actionId, value, onChange, error }: { actionId: string; value: string; onChange: (id: string) => void; error?: string }) {
  const candidates = useQuery(trpc.actions.fixCandidates.queryOptions({ id: actionId }));
  const none = candidates.data?.length === 0;
  return (
    <TextField
      select
      label={ACTION_TEXT.fixedBy}
      value={candidates.data ? value : ''}
      disabled={!candidates.data || none}
      onChange={(e) => onChange(e.target.value)}
      error={!!error || candidates.isError}
      helperText={error ?? (candidates.isError ? ACTION_TEXT.fixedByFailed : none ? ACTION_TEXT.fixedByNone : ACTION_TEXT.fixedByHelp)}
    >
      <MenuItem value="" sx={touchItem}>
        {ACTION_TEXT.fixedByNobody}
      </MenuItem>
      {(candidates.data ?? []).map((i) => (
        <MenuItem key={i.id} value={i.id} sx={touchItem}>
          {`${formatDate(i.inspectionDate)} — ${i.name}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
