import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Header } from './Header';
import { ErrorBoundary } from './ErrorBoundary';

/** react-admin layout without a sidebar: header with top navigation, then the page. */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Header />
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2, md: 4 } }}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Typography color="text.secondary">Loading...</Typography>}>{children}</Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
