import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A vertical form that validates itself (noValidate: our messages, not the browser's) and hands the
 * submit to the caller without a page reload.
 */
export function StackForm({ onSubmit, gap = 2, children }: { onSubmit: () => void; gap?: number; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap }}
    >
      {children}
    </Box>
  );
}
