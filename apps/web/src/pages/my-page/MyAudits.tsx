import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * 'My audits' (000 §2.4): the user's audits with search, row click to /Audits/{id}. There is no audits API
 * yet (the audits issue comes later), so the section is marked as pending and lists nothing; it is not
 * shown to distributors, who never see audits (§6).
 */
export function MyAudits() {
  return (
    <section aria-labelledby="my-audits-title">
      <Typography variant="h2" id="my-audits-title" sx={{ mb: 1 }}>
        My audits
      </Typography>
      <Paper variant="outlined" data-testid="my-audits-pending" sx={{ p: 3 }}>
        <Typography color="text.secondary">Your audits will be listed here once the audit screens arrive.</Typography>
      </Paper>
    </section>
  );
}
