import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';

/** Stand-in for a screen a later release fills (the route and its permission already apply). */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper variant="outlined" data-testid="placeholder" sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }}>
        <Box sx={{ display: 'inline-flex', p: 1.75, borderRadius: '50%', bgcolor: 'rgba(242, 169, 0, 0.14)', color: '#a87500', mb: 2 }}>
          <ConstructionIcon />
        </Box>
        <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }}>Coming soon</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.75 }}>
          This screen arrives in a later release.
        </Typography>
      </Paper>
    </>
  );
}
