import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PublicCard } from '../../components/PublicCard';

function NotFoundBody({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <Box data-testid="not-found" sx={{ textAlign: 'center', py: 2 }}>
      <Typography sx={{ fontSize: '3rem', fontWeight: 700, color: 'text.disabled', lineHeight: 1 }}>404</Typography>
      <Typography variant="h1" sx={{ mt: 1.5 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={home} variant="contained">
        {homeLabel}
      </Button>
    </Box>
  );
}

/** Unknown path inside the signed-in shell (react-admin catchAll). */
export function NotFoundPage() {
  return (
    <Box sx={{ py: 8 }}>
      <NotFoundBody home="/" homeLabel="Go to My page" />
    </Box>
  );
}

/** Unknown public path (/nosession/…, /auth/…). */
export function PublicNotFoundPage() {
  return (
    <PublicCard>
      <NotFoundBody home="/login" homeLabel="Go to sign in" />
    </PublicCard>
  );
}
