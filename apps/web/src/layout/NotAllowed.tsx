import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import type { Permission } from '@insp/contracts';
import { isAllowed } from '@insp/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../providers/session';

/** Spec 000 §2.1 / §8: the text is shown word for word. */
export const NOT_ALLOWED_TEXT = 'Your permissions are not enough for seeing this page.';

export function NotAllowed() {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', mt: 6, p: 4, textAlign: 'center' }}>
      <Box sx={{ display: 'inline-flex', p: 1.5, borderRadius: '50%', bgcolor: 'action.hover', color: 'text.secondary', mb: 2 }}>
        <LockIcon />
      </Box>
      <Typography data-testid="not-allowed" sx={{ fontWeight: 500 }}>
        {NOT_ALLOWED_TEXT}
      </Typography>
    </Paper>
  );
}

/** Renders the page only when the signed-in actor meets its permission rule. */
export function RequirePermission({ rule, children }: { rule: Permission; children: ReactNode }) {
  const { actor } = useSession();
  return isAllowed(rule, actor) ? children : <NotAllowed />;
}
