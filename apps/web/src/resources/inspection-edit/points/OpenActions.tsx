import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { TOpenAction } from '@insp/contracts';
import { formatDueOn } from '../../plans/texts';
import { REASON_WORDS } from '../../actions/texts';

/** What to do, else why it was proposed ('Repair', 'Out of limits: 35'). */
const whatWords = (a: TOpenAction) => a.text.trim() || (a.value ? `${REASON_WORDS[a.reason]}: ${a.value}` : REASON_WORDS[a.reason]);

/** 'Open action: Replace the plate (overdue since 20.11.2026, assigned to Ida)': overdue in words, never colour alone. */
export function openActionWords(a: TOpenAction): string {
  const due = a.dueOn ? (a.overdue ? `overdue since ${formatDueOn(a.dueOn)}` : `due ${formatDueOn(a.dueOn)}`) : null;
  const who = a.assigneeName ? `assigned to ${a.assigneeName}` : null;
  const details = [due, who].filter(Boolean).join(', ');
  return `Open action: ${whatWords(a)}${details ? ` (${details})` : ''}`;
}

/**
 * Issue 24: the open follow-up actions earlier inspections of this machine left on this point, beside it (docs
 * "Open actions with the inspection"), each with a link to the report that found it.
 */
export function OpenActions({ actions }: { actions: TOpenAction[] | undefined }) {
  if (!actions?.length) return null;
  return (
    <Stack spacing={1}>
      {actions.map((a) => (
        <Alert key={a.id} severity={a.overdue ? 'warning' : 'info'} role="note" data-testid="open-action" sx={{ alignItems: 'center' }}>
          {openActionWords(a)}{' '}
          <Link component={RouterLink} to={`/Reports/${a.inspectionId}`} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
            Found in: {a.inspectionName}
          </Link>
        </Alert>
      ))}
    </Stack>
  );
}
