import { createContext, useContext, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * The heading of the customer a section belongs to, where a page shows two (compare): each section then
 * nests under it (h3) and is named after both ('Göta Bergtäkt AB Sites'), so the two 'Sites' regions differ.
 */
export const SectionOwner = createContext<string | null>(null);

/** A titled block of the customer details page, with an optional action (e.g. 'Add site') on the right. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const owner = useContext(SectionOwner);
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={owner ? `${owner} ${headingId}` : headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component={owner ? 'h3' : 'h2'} id={headingId}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
