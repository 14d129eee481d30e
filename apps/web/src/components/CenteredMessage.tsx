import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A full-screen status line with a spinner: 'Authorizing.....', 'Logging in...', 'Logging out...'. */
export function CenteredMessage({ children, spinner = true }: { children: ReactNode; spinner?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      {spinner && <CircularProgress size={32} thickness={4} aria-hidden />}
      <Typography data-testid="status-message" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}
