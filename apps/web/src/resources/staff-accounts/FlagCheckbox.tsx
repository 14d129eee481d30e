import Checkbox from '@mui/material/Checkbox';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext } from 'react-admin';
import type { AccountFlag, TStaffAccount } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { useSession } from '../../providers/session';

export const flagLabels: Record<AccountFlag, string> = { Rater: 'Rater', CertificationManager: 'Certification manager', Developer: 'Developer' };

// One key per row: while any flag of a row is saving, the row's other boxes wait, so a second click never
// sends a set of flags computed from the row as it was before the first save.
const rowKey = (id: string) => ['staffAccountFlags', id];

/**
 * One account flag of the row's user, saved at once (pessimistic: the box shows what the server stored).
 * The signed-in user's own row is disabled: the server refuses changing one's own flags.
 */
export function FlagCheckbox({ flag }: { flag: AccountFlag }) {
  const record = useRecordContext<TStaffAccount>();
  const { session } = useSession();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const id = record?.id ?? '';
  const busy = useIsMutating({ mutationKey: rowKey(id) }) > 0;
  const save = useMutation({
    ...trpc.staffAccounts.update.mutationOptions(),
    mutationKey: rowKey(id),
    // Returning the refetch keeps the row busy until the list shows the stored flags.
    onSuccess: (saved) => {
      notify(`Account flags of ${saved.name} saved.`, { type: 'info' });
      return queryClient.invalidateQueries({ queryKey: ['StaffAccounts'] });
    },
    onError: (e) => notify(shownMessage(e), { type: 'error' }),
  });
  if (!record) return null;
  const own = record.id === session.user.id;
  const checked = record.flags.includes(flag);
  const toggle = () => {
    const flags = checked ? record.flags.filter((f) => f !== flag) : [...record.flags, flag];
    save.mutate({ id: record.id, data: { flags } });
  };
  return (
    <Checkbox
      size="small"
      checked={checked}
      disabled={own || busy}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': `${flagLabels[flag]}: ${record.name}` } }}
    />
  );
}
