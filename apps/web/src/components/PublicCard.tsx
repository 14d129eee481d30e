import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Brand } from './Brand';

/** The frame of every public page (login, set-password, forgot-password): a centred card under the brand. */
export function PublicCard({ title, subtitle, children }: { title?: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-start',
        px: 2,
        pt: { xs: 4, sm: 10 },
        pb: 6,
        background: 'linear-gradient(180deg, #17324d 0, #17324d 300px, #f3f5f8 300px)',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, boxShadow: '0 12px 32px rgba(15, 30, 50, 0.12)' }}>
        <Box sx={{ mb: 3 }}>
          <Brand />
        </Box>
        {title && (
          <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: subtitle ? 0.75 : 2.5 }}>
            {title}
          </Typography>
        )}
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
      <Typography variant="caption" sx={{ mt: 3, color: 'text.secondary' }}>
        Inspections, audits and service reports for heavy equipment
      </Typography>
    </Box>
  );
}
