import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ManageAccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import { isAllowed, P } from '@insp/contracts';
import { useSession } from '../../providers/session';

/**
 * The way to /StaffAccounts: the route has no navigation item (the nav follows the spec), so the
 * Distributors list, where user administration already lives, links to it for those allowed.
 */
export function StaffAccountsLink() {
  const { actor } = useSession();
  if (!isAllowed(P.staffAccounts, actor)) return null;
  return (
    <Button component={RouterLink} to="/StaffAccounts" size="small" startIcon={<ManageAccountsIcon />}>
      Staff accounts
    </Button>
  );
}
