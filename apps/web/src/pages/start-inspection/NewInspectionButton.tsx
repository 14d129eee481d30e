import { Link } from 'react-router-dom';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { TopToolbar } from 'react-admin';
import { isAllowed, P } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { TEXT } from './texts';

/** The /Reports toolbar's way to /Reports/new, for those who may start an inspection (P.reportsStart); else nothing. */
export function NewInspectionActions() {
  const { actor } = useSession();
  if (!isAllowed(P.reportsStart, actor)) return null;
  return (
    <TopToolbar>
      <Button component={Link} to="/Reports/new" variant="contained" startIcon={<AddIcon />}>
        {TEXT.title}
      </Button>
    </TopToolbar>
  );
}
