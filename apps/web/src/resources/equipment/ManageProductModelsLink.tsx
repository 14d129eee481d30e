import Button from '@mui/material/Button';
import { Link } from 'react-router-dom';
import { isAllowed, P } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { EQUIPMENT_TEXT } from './texts';

/** spec 002 §2, §6: the link to /ProductFamilies is shown only to admin and above. */
export function ManageProductModelsLink() {
  const { actor } = useSession();
  if (!isAllowed(P.productFamilies, actor)) return null;
  return (
    <Button component={Link} to="/ProductFamilies" size="small">
      {EQUIPMENT_TEXT.manageProductModels}
    </Button>
  );
}
